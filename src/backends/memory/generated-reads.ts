// Reading row values in the generated code: each member read once into its variable, each
// structure on its path checked to be an object, each value checked against its declared type
// and converted to its representation; a String checked for lone surrogates only where a test
// needs it. Over trusted rows (`rows: 'trusted'`) only the conversions remain: no value is
// checked, but a collection is still checked to be an array, so that no row can make a loop run
// long. The generator (compile.ts) extends this class with the names it gives variables.

import type { LoweredCollection, LoweredMember, Source } from '../../lower/lowered.js';
import { leafKey, stepKey } from './first-reads.js';
import { AS_THEY_ARE, type Repr } from './plan.js';
import * as runtime from './runtime.js';
import type { HelperName } from './value-code.js';

/**
 * The test of a row value's type for the types a `typeof` (and, for the integers, a range) decides,
 * `first` the code that reads it into `t` (assigned there, read after). memberTest checks these
 * types; readValue the others.
 */
const TYPE_TEST: Readonly<Record<string, (t: string, first: string) => string>> = {
  'Edm.Int32': (t, first) => `typeof ${first} === 'number' && (${t} | 0) === ${t}`,
  'Edm.Int16': (t, first) => `typeof ${first} === 'number' && (${t} << 16 >> 16) === ${t}`,
  'Edm.SByte': (t, first) => `typeof ${first} === 'number' && (${t} << 24 >> 24) === ${t}`,
  'Edm.Byte': (t, first) => `typeof ${first} === 'number' && (${t} & 255) === ${t}`,
  'Edm.String': (_, first) => `typeof ${first} === 'string'`,
  'Edm.Boolean': (_, first) => `typeof ${first} === 'boolean'`,
  'Edm.Double': (_, first) => `typeof ${first} === 'number'`,
  'Edm.Single': (_, first) => `typeof ${first} === 'number'`,
};

/**
 * Whether a row value is null or missing: `x`, or `x` once assigned `read`. Two strict tests,
 * which V8 compiles to two comparisons; `x == null` also tests for an object that hides itself
 * (`document.all`), which costs a look at the value's map, several times the comparisons.
 */
function missing(x: string, read?: string): string {
  return read === undefined
    ? `(${x} === null || ${x} === undefined)`
    : `((${x} = ${read}) === null || ${x} === undefined)`;
}

/** The trailing argument of a runtime reader for a value read from a range variable's element. */
function variableArgument(source: Source): string {
  return source.kind === 'row' ? '' : `, ${JSON.stringify(source.name)}`;
}

export abstract class RowReads {
  /** Whether the rows are trusted to hold what the schema declares: then values are not checked. */
  abstract readonly trusted: boolean;
  /** Keys of the member variables certainly read before the code being generated runs. */
  abstract read: Set<string>;
  /** The name of a runtime helper, which the generated function then closes over. */
  abstract helper(name: HelperName): string;
  /** The variable a member or structure read shares, by its key (first-reads.ts). */
  abstract memberTemp(key: string): string;
  /** The JavaScript name of a source's value: `row`, or the element a range variable is bound to. */
  abstract base(source: Source): string;
  /** Code for a constant value. */
  abstract constant(value: unknown, repr: Repr): { readonly code: string };

  /**
   * Reads a member once into its variable and checks its type: `ifNull` when it is null (or
   * missing along the path), else `ifValue(x)` with x its value in the member's representation —
   * a String checked to be a string but not yet for lone surrogates (see `wellFormed`).
   */
  memberTest(node: LoweredMember, ifNull: string, ifValue: (x: string) => string): string {
    const path = node.path;
    const key = leafKey(node.source, path);
    const leaf = this.memberTemp(key);
    // A trusted row holds each member the schema declares non-nullable: no test for null is left.
    const neverNull = this.trusted && node.source.kind === 'row' && path.length === 1 && !node.property.nullable;
    if (this.read.has(key)) return neverNull ? ifValue(leaf) : `(${missing(leaf)} ? ${ifNull} : ${ifValue(leaf)})`;
    if (neverNull)
      return `((${leaf} = ${this.readProperty(this.base(node.source), path[0]!)}), ${this.readValue(node, leaf, ifValue)})`;
    // A primitive element itself: copied, so that converting it in place leaves the element as it is.
    const { code, obj } =
      path.length === 0 ? { code: '', obj: '' } : this.structureSteps(node.source, path.slice(0, -1), ifNull);
    const read = path.length === 0 ? this.base(node.source) : this.readProperty(obj, path[path.length - 1]!);
    // A value checked by its type alone is tested for it first: one of its type, the common case,
    // then needs no test for null.
    const typeTest = this.trusted || node.property.enum !== undefined ? undefined : TYPE_TEST[node.type];
    if (typeTest)
      return `(${code}${typeTest(leaf, `(${leaf} = ${read})`)} ? ${ifValue(leaf)} : ${missing(leaf)} ? ${ifNull} : ${this.badValue(node, leaf)})`;
    return `(${code}${missing(leaf, read)} ? ${ifNull} : ${this.readValue(node, leaf, ifValue)})`;
  }

  /** The call that reports a row value not of the member's declared type. */
  badValue(node: LoweredMember, t: string): string {
    return `${this.helper('badValue')}(${t}, ${JSON.stringify(node.path.join('/'))}, ${JSON.stringify(node.type)}${variableArgument(node.source)})`;
  }

  /**
   * Whether a member is null or missing (`ifNull`) or present (`ifPresent`): its value read into
   * its variable but neither checked nor converted, for a test that only its presence decides. So
   * the read is no first read that later operands could take as checked (first-reads.ts).
   */
  presenceTest(node: LoweredMember, ifNull: string, ifPresent: string): string {
    const path = node.path;
    const leaf = this.memberTemp(leafKey(node.source, path));
    if (this.read.has(leafKey(node.source, path))) return `(${missing(leaf)} ? ${ifNull} : ${ifPresent})`;
    if (path.length === 0) return `(${missing(leaf, this.base(node.source))} ? ${ifNull} : ${ifPresent})`;
    const { code, obj } = this.structureSteps(node.source, path.slice(0, -1), ifNull);
    return `(${code}${missing(leaf, this.readProperty(obj, path[path.length - 1]!))} ? ${ifNull} : ${ifPresent})`;
  }

  /**
   * Whether the structure at `path` is null or missing (`ifNull`) or an object (`ifObject`): each
   * step read once into its variable, as memberTest reads them, and checked to be an object.
   */
  structureTest(source: Source, path: readonly string[], ifNull: string, ifObject: string): string {
    return `(${this.structureSteps(source, path, ifNull).code}${ifObject})`;
  }

  /**
   * The code that reads each step of a path of structures from a source, `ifNull` as soon as one
   * is null, each checked to be an object (a range variable's element too, as the first step); it
   * ends in `: `, for the code that runs when every step is an object, which finds the last one in `obj`.
   */
  structureSteps(source: Source, path: readonly string[], ifNull: string): { code: string; obj: string } {
    let code = '';
    let obj = this.base(source);
    const variable = variableArgument(source);
    if (source.kind === 'variable') {
      const key = stepKey(source, []);
      code +=
        this.read.has(key) || this.trusted
          ? `${missing(obj)} ? ${ifNull} : `
          : `${missing(obj)} ? ${ifNull} : typeof ${obj} !== 'object' ? ${this.helper('badValue')}(${obj}, "", 'object'${variable}) : `;
    }
    for (let i = 0; i < path.length; i++) {
      const prefix = path.slice(0, i + 1).join('/');
      const key = stepKey(source, path.slice(0, i + 1));
      const t = this.memberTemp(key);
      // A complex step read before was checked to be an object (or null) then.
      if (this.read.has(key)) code += `${missing(t)} ? ${ifNull} : `;
      else if (this.trusted) code += `${missing(t, this.readProperty(obj, path[i]!))} ? ${ifNull} : `;
      else
        code +=
          `${missing(t, this.readProperty(obj, path[i]!))} ? ${ifNull} : ` +
          `typeof ${t} !== 'object' ? ${this.helper('badValue')}(${t}, ${JSON.stringify(prefix)}, 'object'${variable}) : `;
      obj = t;
    }
    return { code, obj };
  }

  /** Code for a collection's elements: an array, or null for a null or missing one. */
  collection(c: LoweredCollection): string {
    const { code, obj } = this.structureSteps(c.source, c.path.slice(0, -1), 'null');
    const read = `${this.helper('readArray')}(${this.readProperty(obj, c.path[c.path.length - 1]!)}, ${JSON.stringify(c.path.join('/'))}${variableArgument(c.source)})`;
    return `(${code}${read})`;
  }

  /** Code reading a property of an object; an Object.prototype name only as an own property. */
  readProperty(obj: string, name: string): string {
    return runtime.isPrototypeName(name)
      ? `${this.helper('readOwn')}(${obj}, ${JSON.stringify(name)})`
      : `${obj}[${JSON.stringify(name)}]`;
  }

  /**
   * Checks (and converts, in place) a non-null row value of the member's declared type, then
   * `ifValue`. Over validated rows memberTest checks the types of TYPE_TEST itself, so they never
   * come here.
   */
  readValue(node: LoweredMember, t: string, ifValue: (x: string) => string): string {
    const variable = variableArgument(node.source);
    const p = JSON.stringify(node.path.join('/'));
    const type = node.type;
    // Only Int64 members are bigints (readInt64 makes them so); every other integer member is a number.
    const then = ifValue(t);
    const enumType = node.property.enum;
    if (enumType !== undefined) {
      const typeRef = this.constant(enumType, 'str').code;
      return `((${t} = ${this.helper('readEnum')}(${t}, ${p}, ${typeRef}${variable})), ${then})`;
    }
    if (this.trusted) {
      // Values already in their representation are taken as they are; the others still convert.
      if (AS_THEY_ARE.has(type)) return then;
      if (type === 'Edm.Guid') return `((${t} = ${t}.toLowerCase()), ${then})`;
      // A Date, the common form of an instant, is read here rather than through the helper's call.
      if (type === 'Edm.DateTimeOffset' || type === 'Edm.DateTime')
        return `((${t} = ${t} instanceof Date ? ${t}.getTime() : ${this.helper('readInstant')}(${t}, ${p}, ${JSON.stringify(type)}${variable})), ${then})`;
    }
    switch (type) {
      case 'Edm.Guid':
        return `((${t} = ${this.helper('readGuid')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Binary':
        return `((${t} = ${this.helper('readBinary')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Int64':
        return `((${t} = ${this.helper('readInt64')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Decimal':
        return `((${t} = ${this.helper('readDecimal')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Date':
        return `((${t} = ${this.helper('readDate')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.TimeOfDay':
        return `((${t} = ${this.helper('readTimeOfDay')}(${t}, ${p}${variable})), ${then})`;
      case 'Edm.Duration':
        return `((${t} = ${this.helper('readDuration')}(${t}, ${p}${variable})), ${then})`;
      default:
        return `((${t} = ${this.helper('readInstant')}(${t}, ${p}, ${JSON.stringify(type)}${variable})), ${then})`;
    }
  }

  /** `x` once checked for lone surrogates, for a String member's value; other values as they are. */
  wellFormed(node: LoweredMember, x: string): string {
    if (node.type !== 'Edm.String' || this.trusted) return x;
    const bad = `${this.helper('badValue')}(${x}, ${JSON.stringify(node.path.join('/'))}, "Edm.String"${variableArgument(node.source)})`;
    // isWellFormed is native in Node 20+ and current browsers; older engines call the helper.
    return runtime.HAS_WELL_FORMED
      ? `(${x}.isWellFormed() ? ${x} : ${bad})`
      : `(${this.helper('isWellFormed')}(${x}) ? ${x} : ${bad})`;
  }
}
