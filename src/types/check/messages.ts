// How an issue's message lists what the schema offers and shows what to write instead.

import type { Overload } from '../../language/functions.js';
import type { CollectionProperty } from '../schema.js';

/** The most names a message lists; the others are counted. */
const LISTED = 12;

/** `'a', 'b', 'c'`, or the first ones `and 3 more`. */
export function listNames(names: Iterable<string>): string {
  const all = [...names];
  const shown = all
    .slice(0, LISTED)
    .map((n) => `'${n}'`)
    .join(', ');
  return all.length > LISTED ? `${shown} and ${all.length - LISTED} more` : shown;
}

/** An overload's parameter types, as a message shows them: `(Edm.String, Edm.Int32)`. */
export function describeOverload(o: Overload): string {
  return `(${o.params.join(', ')})`;
}

/** `Tags/any(t: t eq …)`, `Sessions/any(s: s/Status …)`: how to reach a collection's elements. */
export function lambdaExample(written: string, collection: CollectionProperty): string {
  const variable = (collection.name[0] ?? 'x').toLowerCase();
  const element = collection.element;
  const first = element.kind === 'structured' ? element.properties.keys().next().value : undefined;
  return element.kind === 'primitive'
    ? `${written}/any(${variable}: ${variable} eq …)`
    : `${written}/any(${variable}: ${variable}/${first ?? '…'} …)`;
}
