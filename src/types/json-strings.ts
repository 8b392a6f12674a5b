// A string of a JSON array read against its operand: OData's JSON format writes guids and
// date-times as strings, so `Key in ["01234567-…"]` holds the guid, `Name in ["01234567-…"]` the
// string.

import type { Literal } from '../syntax/ast.js';
import { bareDateTime, guid, GUID } from '../syntax/actions/literals.js';
import { INSTANT_SPELLING } from '../syntax/actions/json-array.js';
import type { EdmType } from './edm.js';
import { isInstant } from './edm.js';

/** The item as the literal it spells against an operand of `type`; any other item as it is. */
export function spelledAs(item: Literal, type: EdmType): Literal {
  if (item?.kind !== 'string' || item.json !== true || typeof item.value !== 'string') return item;
  if (type === 'Edm.Guid' && GUID.test(item.value)) return guid(item.value, item.value, item);
  if (isInstant(type) && INSTANT_SPELLING.test(item.value)) return bareDateTime(item.value, item);
  return item;
}
