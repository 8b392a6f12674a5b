// Annotations in CSDL XML that bear on filtering, read into CSDL JSON's form: `<Annotation Term="T" Qualifier="Q">` is the
// member `@T#Q`; a Record is an object, a Collection an array, a path (PropertyPath,
// NavigationPropertyPath, Path, AnnotationPath) or a String its text, Bool, Int, Float and Decimal
// their value, an EnumMember its members' names (`None`, `Red,Blue`). Expressions the rules never
// read (Apply, If, …) are kept as `{ $Expression: name }`. Nesting beyond a bound is not read, so
// a hostile document cannot exhaust the stack.

import { isObjectKey, type JsonObject } from './csdl-json.js';
import type { XmlElement } from './xml-elements.js';

/** Deeper than any annotation the rules read (a restriction's record in a collection in a record). */
const MAX_DEPTH = 32;

const CONSTANTS = [
  'Bool',
  'String',
  'Int',
  'Float',
  'Decimal',
  'EnumMember',
  'Path',
  'PropertyPath',
  'NavigationPropertyPath',
  'AnnotationPath',
];

/**
 * The terms read from XML, by their name in the vocabulary (whatever alias qualifies it): those
 * that bear on filtering. A large document has thousands of others (Core.Description), which no
 * reader of the model ever looks at, so they are not converted.
 */
const READ_TERMS = new Set(['FilterRestrictions', 'SortRestrictions', 'ExpandRestrictions', 'NavigationRestrictions']);

/**
 * The annotations directly inside an element that bear on filtering, by `@Term` (and `#Qualifier`).
 * `Annotations` elements give their qualifier to every annotation inside.
 */
export function annotationsOf(element: XmlElement, lines: Map<object, number>): JsonObject {
  let out: JsonObject | undefined;
  const shared = element.name === 'Annotations' ? element.attributes.Qualifier : undefined;
  for (const child of element.children) {
    if (child.name !== 'Annotation') continue;
    const { Term: term } = child.attributes;
    const qualifier = child.attributes.Qualifier ?? shared;
    if (term === undefined || !READ_TERMS.has(term.slice(term.lastIndexOf('.') + 1))) continue;
    (out ??= {})[`@${term}${qualifier === undefined ? '' : `#${qualifier}`}`] = annotationValue(child, lines, 0);
  }
  return out ?? {};
}

/** The value of an Annotation or PropertyValue: an attribute's constant, or the expression inside. */
function annotationValue(element: XmlElement, lines: Map<object, number>, depth: number): unknown {
  for (const name of CONSTANTS) {
    const written = element.attributes[name];
    if (written !== undefined) return constant(name, written);
  }
  const inner = element.children.find((child) => child.name !== 'Annotation');
  if (inner === undefined) return element.name === 'Annotation' ? true : null;
  return expression(inner, lines, depth + 1);
}

function expression(element: XmlElement, lines: Map<object, number>, depth: number): unknown {
  if (depth > MAX_DEPTH) return { $Expression: element.name, $TooDeep: true };
  if (CONSTANTS.includes(element.name)) return constant(element.name, element.text);
  switch (element.name) {
    case 'Null':
      return null;
    case 'Collection':
      return element.children.map((child) => expression(child, lines, depth + 1));
    case 'Record': {
      const record: JsonObject = {};
      lines.set(record, element.line);
      if (element.attributes.Type !== undefined) record['@type'] = element.attributes.Type;
      // No term has a property `__proto__`; assigning one would replace the record's prototype.
      for (const value of element.children)
        if (value.name === 'PropertyValue' && isObjectKey(value.attributes.Property ?? ''))
          record[value.attributes.Property ?? ''] = annotationValue(value, lines, depth + 1);
      return record;
    }
    default:
      return { $Expression: element.name };
  }
}

function constant(kind: string, text: string): unknown {
  const value = text.trim();
  switch (kind) {
    case 'Bool':
      return value === 'true';
    case 'Int':
    case 'Float':
    case 'Decimal':
      return Number(value);
    case 'EnumMember':
      // `Ns.Type/Member Ns.Type/Other` is `Member,Other` in JSON.
      return value
        .split(/\s+/)
        .map((member) => member.slice(member.lastIndexOf('/') + 1))
        .join(',');
    default:
      return kind === 'String' ? text : value;
  }
}
