// A string of a JSON array read against its operand: OData's JSON format writes guids, date-times,
// dates, times of day and durations as strings, so `Key in ["01234567-…"]` holds the guid,
// `Name in ["01234567-…"]` the string.

import type { Literal } from '../syntax/ast.js';
import { bareDateTime, date, duration, guid, timeOfDay } from '../syntax/actions/literals.js';
import { GUID_TEXT } from '../language/literal-spelling.js';
import { INSTANT_SPELLING } from '../syntax/actions/json-array.js';
import { type EdmType, isInstant } from '../language/edm.js';
import { readDate, readDuration, readTimeOfDay } from '../semantics/temporal.js';

/** The item as the literal it spells against an operand of `type`; any other item as it is. */
export function spelledAs(item: Literal, type: EdmType): Literal {
  if (item?.kind !== 'string' || item.json !== true || typeof item.value !== 'string') return item;
  if (type === 'Edm.Guid' && GUID_TEXT.test(item.value)) return guid(item.value, item.value, item);
  if (isInstant(type) && INSTANT_SPELLING.test(item.value)) return bareDateTime(item.value, item);
  if (type === 'Edm.Date' && readDate(item.value).ok) return date(item.value, item);
  if (type === 'Edm.TimeOfDay' && readTimeOfDay(item.value).ok) return timeOfDay(item.value, item);
  if (type === 'Edm.Duration' && readDuration(item.value).ok)
    return duration(item.value, `duration'${item.value}'`, item);
  return item;
}
