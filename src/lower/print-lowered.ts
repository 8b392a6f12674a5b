// A compact one-line text of the lowered form, for tests, docs and debugging: predicates and values
// as S-expressions (docs/lowering.md lists the spellings).

import { isFineTime } from '../semantics/fine-time.js';
import { formatInstant } from '../semantics/instant.js';
import { formatDate, formatDuration, formatTimeOfDay } from '../semantics/temporal.js';
import { assertNever } from '../assert-never.js';
import type { EdmType } from '../language/edm.js';
import type {
  LoweredCallOf,
  LoweredCollection,
  LoweredConstant,
  LoweredElements,
  LoweredPredicate,
  LoweredValue,
  Source,
} from './lowered.js';
import { quoteString } from '../language/literal-spelling.js';
import { binaryLiteral } from '../syntax/version-literals.js';

export function printLowered(p: LoweredPredicate): string {
  switch (p.kind) {
    case 'constant':
      return String(p.value);
    case 'booleanTest':
      return negated(p.negated, `(is ${printValue(p.value)} ${p.is})`);
    case 'nullTest':
      return negated(p.negated, `(null ${printValue(p.value)})`);
    case 'compare':
      return negated(p.negated, `(${p.op} ${printValue(p.left)} ${printValue(p.right)})`);
    case 'in':
      return negated(
        p.negated,
        `(in ${printValue(p.operand)} ${p.values.map(printValue).join(' ')}${p.orNull ? ' null' : ''})`,
      );
    case 'structureNull':
      return negated(p.negated, `(null ${path(p.source, p.path)}/)`);
    case 'exists':
    case 'forall':
      return `(${p.kind}${p.variable === undefined ? '' : ` ${p.variable}`} in ${collection(p.collection)} ${printLowered(p.predicate)})`;
    case 'and':
    case 'or':
      return `(${p.kind} ${p.operands.map(printLowered).join(' ')})`;
    default:
      return assertNever(p, 'lowered predicate kind');
  }
}

/** A path from its source: `City` from the row, `t/City` or `t` from a range variable. */
function path(source: Source, segments: readonly string[]): string {
  return source.kind === 'row' ? segments.join('/') : [source.name, ...segments].join('/');
}

const collection = (c: LoweredCollection): string => path(c.source, c.path);

function negated(is: boolean, text: string): string {
  return is ? `!${text}` : text;
}

export function printValue(v: LoweredValue): string {
  switch (v.kind) {
    case 'constant':
      return printConstant(v);
    case 'member':
      return path(v.source, v.path);
    case 'guard':
      return `(guard ${printLowered(v.condition)} ${printValue(v.value)} ${printValue(v.otherwise)})`;
    case 'count':
      return v.predicate === undefined
        ? `(count ${collection(v.collection)})`
        : `(count ${v.variable ?? ''} in ${collection(v.collection)} ${printLowered(v.predicate)})`;
    case 'convert':
      return `(${shortType(v.type)} ${printValue(v.operand)})`;
    case 'negate':
      return `(- ${printValue(v.operand)})`;
    case 'arithmetic':
      return `(${v.op} ${printValue(v.left)} ${printValue(v.right)})`;
    case 'temporal':
      return `(${v.op}? ${printValue(v.left)} ${printValue(v.right)})`;
    case 'call':
      return `(${v.name}${v.args.map((a) => ` ${printValue(a)}`).join('')})`;
    case 'functionCall':
      return callText(v);
    case 'result': {
      const where = v.present === undefined ? '' : ` if ${printLowered(v.present)}`;
      return `(let ${v.variable} ${callText(v.call)}${where} ${printValue(v.value)})`;
    }
    case 'cast':
      return `(${v.conversion} ${shortType(v.type)} ${printValue(v.operand)})`;
    case 'truth':
      return `[${printLowered(v.predicate)}]`;
    case 'not':
      return `(not? ${printValue(v.operand)})`;
    case 'logical':
      return `(${v.op}? ${v.operands.map(printValue).join(' ')})`;
    case 'collectionArgument': {
      // A collection of structures shows each element's slots (a path's once, read from its variable).
      const slots = v.slots === undefined ? '' : ` {${v.slots.map(printValue).join(' ')}}`;
      return 'kind' in v.elements ? `${elementsText(v.elements)}${slots}` : `[${v.elements.map(printValue).join(' ')}]`;
    }
    default:
      return assertNever(v, 'lowered value kind');
  }
}

/** A call of a model's function: its name, its binding, its arguments. */
function callText(v: LoweredCallOf): string {
  const b = v.binding;
  const bound =
    b === undefined
      ? ''
      : b.kind === 'collection'
        ? ` ${elementsText(b)}`
        : ` ${b.kind === 'structure' ? `{${path(b.source, b.path) || '$it'}}` : printValue(b)}`;
  return `(${v.function.name}${bound}${v.args.map((a) => ` ${printValue(a)}`).join('')})`;
}

/** A collection's elements passed whole: its variable over the collection, and which are passed. */
function elementsText(e: LoweredElements): string {
  return `[${e.variable} in ${collection(e.collection)}${e.predicate === undefined ? '' : ` ${printLowered(e.predicate)}`}]`;
}

/** A constant with its type's literal suffix: `5`, `5L`, `5.5m`, `0.5d`, `0.5f`, `'text'`, `X'0A'`. */
function printConstant(c: LoweredConstant): string {
  const v = c.value;
  if (v === null) return 'null';
  if (typeof v === 'string' && (c.type === 'Edm.String' || c.type === 'Edm.Guid')) return quoteString(v);
  if (typeof v === 'string' && c.type === 'Edm.Binary') return binaryLiteral(v);
  const time = typeof v === 'number' || isFineTime(v) ? v : undefined;
  if (time !== undefined && (c.type === 'Edm.DateTime' || c.type === 'Edm.DateTimeOffset')) return formatInstant(time);
  if (typeof v === 'number' && c.type === 'Edm.Date') return formatDate(v);
  if (time !== undefined && c.type === 'Edm.TimeOfDay') return formatTimeOfDay(time);
  if (time !== undefined && c.type === 'Edm.Duration') return `duration'${formatDuration(time)}'`;
  const suffix: Partial<Record<EdmType, string>> = {
    'Edm.Int64': 'L',
    'Edm.Decimal': 'm',
    'Edm.Double': 'd',
    'Edm.Single': 'f',
  };
  return `${String(v)}${suffix[c.type] ?? ''}`;
}

function shortType(type: EdmType): string {
  return type.slice('Edm.'.length);
}
