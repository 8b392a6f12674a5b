// The options of compileMongo() and what the compilers make of them: field mapping, Decimal128 and
// Int64 factories. A user-supplied option that throws is reported as a FilterError at the node.

import type { ClockOption } from '../../lower/now.js';
import type { FunctionRegistry, FunctionsOption } from '../../lower/function-registry.js';
import { unsupported } from '../../errors.js';
import { MONGODB, type Span } from './cannot-compile.js';
import { fieldPathProblem } from './field-path.js';
import type { Source } from '../../lower/lowered.js';

export interface MongoOptions extends ClockOption, FunctionsOption {
  /**
   * Document field path for a property path, e.g. `{ 'PostalAddress/City': 'address.city' }`.
   * Paths not listed map to the property path with `/` replaced by `.`.
   */
  readonly fields?: Readonly<Record<string, string>> | ((path: readonly string[]) => string);
  /**
   * Builds a BSON Decimal128 from exact decimal text, e.g. `(s) => Decimal128.fromString(s)` from
   * the `bson` package. Without it, Decimal literals are written as `{ $toDecimal: '<text>' }`
   * inside `$expr` (exact, but not able to use an index). It is only given text that Decimal128
   * holds exactly; if it throws, compileMongo throws a FilterError of kind 'unsupported'.
   */
  readonly decimal?: (text: string) => unknown;
  /**
   * Builds a BSON Int64 from an Int64 literal beyond ±2^53, e.g. `(v) => Long.fromBigInt(v)` from
   * the `bson` package. Without it such a literal is a `bigint`, which the MongoDB Node driver
   * (5.1 and later) writes as an Int64; earlier drivers reject a `bigint` with an error. Literals
   * within ±2^53 are numbers. If it throws, compileMongo throws a FilterError of kind 'unsupported'.
   */
  readonly long?: (value: bigint) => unknown;
}

/** A property path read from the document: a member, or a structure tested for null. */
export interface PathNode extends Span {
  readonly path: readonly string[];
}

/** A path read from a source (a member, a structure tested for null, a collection), where it stands in the filter. */
export interface PathRead extends PathNode {
  readonly source: Source;
}

export interface Context {
  /** The document field of a property path, or of a structure's (its null test reads it). */
  field(member: PathNode): string;
  /**
   * The document field of a path under an element of a collection, relative to the element: both
   * paths are property paths from the row (`Addresses`, `Addresses/City` → `City`); empty for the
   * element itself. The mapping of a path under a collection must extend the collection's.
   */
  elementField(collection: PathNode, member: PathNode): string;
  readonly decimal: ((text: string) => unknown) | undefined;
  readonly long: ((value: bigint) => unknown) | undefined;
  readonly functions: FunctionRegistry | undefined;
}

export function createContext(options: MongoOptions): Context {
  const { fields, decimal, long, functions } = options;
  const field = (member: PathNode): string => {
    const key = member.path.join('/');
    let mapped: string | undefined;
    if (typeof fields === 'function')
      mapped = fromOption(member, `the field mapping (options.fields) of '${key}'`, () => fields(member.path));
    else if (fields && Object.hasOwn(fields, key)) mapped = fields[key];
    // A member whose name holds a dot (`@odata.type`, a model's default discriminator) would be
    // read as two fields: it is stored only where `fields` says (docs/mongo.md, "Derived types").
    const dotted = mapped === undefined ? member.path.find((name) => name.includes('.')) : undefined;
    if (dotted !== undefined) {
      throw unsupported({
        construct: 'field_name',
        target: MONGODB,
        message: `The member '${dotted}' of '${key}' has a '.' in its name, which a document field path reads as two fields: map it with the fields option, or name the model's discriminator`,
        start: member.start,
        end: member.end,
      });
    }
    const path = mapped ?? member.path.join('.');
    const problem = fieldPathProblem(path);
    if (problem !== undefined) {
      throw unsupported({
        construct: 'field_mapping',
        target: MONGODB,
        message: `The field mapping of '${key}' gives ${typeof path === 'string' ? `'${path}'` : String(path)}, which is not a document field path: ${problem}`,
        start: member.start,
        end: member.end,
      });
    }
    return path;
  };
  const elementField = (collection: PathNode, member: PathNode): string => {
    if (member.path.length === collection.path.length) return '';
    const base = field(collection);
    const full = field(member);
    if (!full.startsWith(`${base}.`)) {
      const key = member.path.join('/');
      throw unsupported({
        construct: 'field_mapping',
        target: MONGODB,
        message: `The field mapping of '${key}' gives '${full}', which is not a field under '${base}', the field of its collection '${collection.path.join('/')}'`,
        start: member.start,
        end: member.end,
      });
    }
    return full.slice(base.length + 1);
  };
  return { field, elementField, decimal, long, functions };
}

/** Calls a user-supplied option; whatever it throws is reported as an 'unsupported' FilterError at the node. */
export function fromOption<T>(node: Span, what: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw unsupported({
      construct: 'option',
      target: MONGODB,
      message: `The MongoDB backend cannot compile this: ${what} threw: ${reason}`,
      start: node.start,
      end: node.end,
    });
  }
}
