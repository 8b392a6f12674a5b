// printTyped(): a compact rendering of a typed tree that shows every node's type and every
// implicit conversion, for the CLI and for reading what check() decided.

import { assertNever } from '../assert-never.js';
import {
  type TypedCallOf,
  type TypedCollection,
  type TypedExpr,
  type TypedFilter,
  type TypedSource,
  enumOf,
} from './typed.js';
import {
  isLater,
  isVersion3OrEarlier,
  versionOf,
  type ODataVersion,
  type VersionOption,
} from '../language/versions.js';
import { notInVersion, refuseConstruct, TYPES_OF_4_0 } from '../syntax/version-constructs.js';
import { lookupFunction } from '../language/functions.js';
import { typedLiteralText } from './typed-literal-text.js';
import { type ArgumentOf, argumentsOf, structuresOf } from './argument-slots.js';
import { madeFilter } from './filter-validation.js';
import { isFilterError, malformedFilter } from '../errors.js';
import { quoteString } from '../language/literal-spelling.js';

const short = (type: string): string => type.replace(/^Edm\./, '');

function value(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'string') return quoteString(v);
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return String(v);
}

/** A path from its source: `Name`, `t/City`, `t` (a variable's element itself). */
function path(source: TypedSource, segments: readonly string[]): string {
  return source.kind === 'row' ? segments.join('/') : [source.name, ...segments].join('/');
}

const collection = (c: TypedCollection): string => path(c.source, c.path);

/**
 * Renders each node with its type after a colon (`Capacity:Int32`), conversions as
 * `convert(…):Type`, and every operator application in parentheses. Date-time literals show their
 * epoch milliseconds. Given a `version`, each literal is written as that OData version's literal
 * (`datetime'2012-01-01T00:00:00':DateTime`, `5L:Int64` for 2.0), and each construct as print()
 * writes it for the version (`in` as a chain of `eq` before 4.01, `contains` as `substringof`
 * before 4.0); what the version cannot express is an 'unsupported' FilterError naming it, its
 * `target` the version (docs/semantics.md, "Versions").
 */
export function printTyped(node: TypedExpr | TypedFilter, options: VersionOption = {}): string {
  // A whole filter is read back as the backends read it (src/types/filter-validation.ts); a node
  // alone has no schema to be read against, and is rendered as it is.
  const n: TypedExpr = isTypedFilter(node) ? madeFilter(node).root : node;
  try {
    return options.version === undefined ? render(n, undefined) : render(n, versionOf(options));
  } catch (error) {
    // Only a node built by hand, which no walk could read, fails otherwise.
    if (isFilterError(error) || error instanceof RangeError) throw error;
    throw malformedFilter(n, 'a node could not be read');
  }
}

/** A whole filter, or what is no node at all: either is read as a filter, and refused if it is none. */
function isTypedFilter(node: TypedExpr | TypedFilter): node is TypedFilter {
  return typeof node !== 'object' || node === null || 'root' in node;
}

/** A version's refusal of a node, or undefined when the version writes it. */
function refusal(n: TypedExpr, version: ODataVersion): Error | undefined {
  const v3 = isVersion3OrEarlier(version);
  switch (n.kind) {
    case 'has':
      return v3 ? refuseConstruct('has', version, n) : undefined;
    case 'count':
      return v3 ? refuseConstruct('$count', version, n) : undefined;
    case 'temporal':
      return v3 ? refuseConstruct('date_time_arithmetic', version, n) : undefined;
    case 'lambda':
      return version === '2.0' ? refuseConstruct(n.op, version, n) : undefined;
    case 'cast':
    case 'isof':
      return v3 && TYPES_OF_4_0.has(n.kind === 'cast' ? n.type : n.target)
        ? refuseConstruct('type_function_target', version, n)
        : undefined;
    case 'functionCall':
    case 'result':
      return v3 ? refuseConstruct('function_call', version, n) : undefined;
    // A JSON array came with 4.01; a path's collection is written as a path.
    case 'collectionArgument':
      return version !== '4.01' && !('kind' in n.elements)
        ? refuseConstruct('collection_literal', version, n)
        : undefined;
    case 'call': {
      const since = lookupFunction(n.name)?.since;
      // contains is written as substringof, which every version has.
      return since !== undefined && n.name !== 'contains' && isLater(since, version)
        ? notInVersion(n.name, `The function '${n.name}'`, since, version, n)
        : undefined;
    }
    default:
      return undefined;
  }
}

/** A call of a model's function: its binding, its name, its arguments by name. */
function callText(n: TypedCallOf, printTyped: (child: TypedExpr) => string): string {
  const b = n.binding;
  const on =
    b === undefined
      ? ''
      : b.kind === 'collection'
        ? `${collection(b.collection)}${b.body === undefined ? '' : `(${b.variable}: ${printTyped(b.body)})`}`
        : b.kind === 'structure'
          ? path(b.source, b.path)
          : printTyped(b);
  // A call bound to the row itself is written, as in the filter, with no path before its name.
  const bound = on === '' ? '' : `${on}/`;
  const args = argumentsOf(n.function, n.args).map(
    (a, i) => `${n.function.parameters[i]!.name}=${argumentText(a, printTyped)}`,
  );
  return `${bound}${n.function.name}(${args.join(', ')})`;
}

/** An argument: a value, or a structure's members and, unless it is a JSON object's, when it is present. */
function argumentText(a: ArgumentOf<TypedExpr>, printTyped: (child: TypedExpr) => string): string {
  if ('value' in a) return printTyped(a.value);
  const members = `{${a.members.map(([name, m]) => `${name}=${argumentText(m, printTyped)}`).join(', ')}}`;
  const always = a.present.kind === 'literal' && a.present.value === true;
  return always ? members : `${members} if ${printTyped(a.present)}`;
}

function render(n: TypedExpr, version: ODataVersion | undefined): string {
  const printTyped = (child: TypedExpr): string => render(child, version);
  if (version !== undefined) {
    const refused = refusal(n, version);
    if (refused !== undefined) throw refused;
  }
  // An enumeration value shows its type's name, not its underlying integer type.
  const enumType = enumOf(n);
  const t = enumType ? `:${enumType.name}` : `:${short(n.type)}`;
  switch (n.kind) {
    case 'literal':
      return `${version === undefined ? value(n.value) : typedLiteralText(n, version)}${t}`;
    case 'null':
      return `null${t}`;
    case 'member':
      return `${path(n.source, n.path)}${t}`;
    case 'structureNull':
      // The structure has no Edm type: `:Structure` marks it.
      return `(${path(n.source, n.path)}:Structure ${n.op} null)`;
    case 'lambda':
      return n.body === undefined
        ? `${collection(n.collection)}/${n.op}()`
        : `${collection(n.collection)}/${n.op}(${n.variable}: ${printTyped(n.body)})`;
    case 'count':
      return n.body === undefined
        ? `${collection(n.collection)}/$count${t}`
        : `${collection(n.collection)}/$count(${n.variable}: ${printTyped(n.body)})${t}`;
    case 'convert':
      return `convert(${printTyped(n.operand)})${t}`;
    case 'cast':
      return `cast(${printTyped(n.operand)})${t}`;
    case 'isof':
      return `isof(${printTyped(n.operand)}, ${n.target})`;
    case 'call':
      if (version !== undefined && n.name === 'contains' && isVersion3OrEarlier(version))
        return `substringof(${printTyped(n.args[1]!)}, ${printTyped(n.args[0]!)})${t}`;
      return `${n.name}(${n.args.map((a) => printTyped(a)).join(', ')})${t}`;
    case 'not':
      return `not(${printTyped(n.operand)})`;
    case 'negate':
      return `-(${printTyped(n.operand)})${t}`;
    case 'compare':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})`;
    case 'arithmetic':
    case 'temporal':
      return `(${printTyped(n.left)} ${n.op} ${printTyped(n.right)})${t}`;
    case 'logical':
      return `(${n.operands.map((o) => printTyped(o)).join(` ${n.op} `)})`;
    case 'has':
      return `(${printTyped(n.operand)} has ${printTyped(n.value)})`;
    case 'in':
      // Before 4.01, the chain of `eq` that `in` is (docs/semantics.md §2); an empty list is false.
      if (version !== undefined && version !== '4.01') {
        const subject = printTyped(n.operand);
        return n.list.length === 0
          ? 'false:Boolean'
          : `(${n.list.map((i) => `(${subject} eq ${printTyped(i)})`).join(' or ')})`;
      }
      return `(${printTyped(n.operand)} in [${n.list.map((i) => printTyped(i)).join(', ')}])`;
    case 'functionCall':
      return `${callText(n, printTyped)}${t}`;
    // The call's result bound to its variable, then what reads it.
    case 'result':
      return `(${n.variable} = ${callText(n.call, printTyped)}${n.made === undefined ? '' : ` if ${printTyped(n.made)}`}: ${printTyped(n.read)})`;
    case 'guard':
      return `guard(${printTyped(n.condition)}, ${printTyped(n.value)}, ${printTyped(n.otherwise)})${t}`;
    // The elements of a JSON array, or a path's collection and, where some are passed, which.
    case 'collectionArgument': {
      const { structure, elements: e, slots } = n;
      const of = `:Collection(${structure?.name ?? n.enum?.name ?? short(n.type)})`;
      // A structure's slots shown as the structure argument they are.
      const items = (given: readonly TypedExpr[]): string[] =>
        structure === undefined
          ? given.map((i) => printTyped(i))
          : structuresOf(structure, given).map((s) => argumentText(s, printTyped));
      if (!('kind' in e)) return `[${items(e).join(', ')}]${of}`;
      const body = e.body === undefined ? '' : `(${e.variable}: ${printTyped(e.body)})`;
      const each = slots === undefined ? '' : `(${e.variable}: ${items(slots).join('')})`;
      return `${collection(e.collection)}${body}${each}${of}`;
    }
    default:
      return assertNever(n);
  }
}
