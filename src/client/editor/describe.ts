// How the editor kit names what it offers and shows: a property's type, a function's signatures
// and what it does.

import type { FunctionName, FunctionSignature } from '../../language/functions.js';
import { FUNCTION_DOCS } from './function-docs.js';
import type { Property } from '../../types/schema.js';

/** `Edm.String`, `Edm.String, nullable`, `Sales.Color`, `structure`, `collection of Edm.String`, `relation`. */
export function describeProperty(property: Property): string {
  switch (property.kind) {
    case 'primitive':
      return `${property.enum?.name ?? property.type}${property.nullable ? ', nullable' : ''}`;
    case 'structured':
      return property.relation ? 'relation' : 'structure';
    case 'collection': {
      const element =
        property.element.kind === 'primitive'
          ? (property.element.enum?.name ?? property.element.type)
          : property.relation
            ? 'related rows'
            : 'structures';
      return `collection of ${element}`;
    }
  }
}

/** Each overload as `name(Edm.String, Edm.String): Edm.Boolean`, joined by ` | `. */
export function signatureOf(signature: FunctionSignature): string {
  return signature.overloads.map((o) => `${signature.name}(${o.params.join(', ')}): ${o.returns}`).join(' | ');
}

/** A function's summary and an example of its use, as a completion's `info`. */
export function functionInfo(name: FunctionName): string {
  const { summary, example } = FUNCTION_DOCS[name];
  return `${summary}; for example, ${example}`;
}
