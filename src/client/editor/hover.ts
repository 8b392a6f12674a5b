// hover(): what the filter being typed holds at an offset — the innermost typed node there, with
// its type, and for a function its signatures. Text with a syntax error is read up to the error,
// as diagnose() reads it.

import { assertNever } from '../../assert-never.js';
import { isFilterError } from '../../errors.js';
import { parse } from '../../syntax/parse.js';
import type { Expr } from '../../syntax/ast.js';
import { inspect, type Inspection } from '../../types/check.js';
import { lookupFunction } from '../../language/functions.js';
import { FUNCTION_DOCS } from './function-docs.js';
import { describeValueType, type Schema } from '../../types/schema.js';
import { type TypedExpr, childrenOfTyped } from '../../types/typed.js';
import type { EditorOptions } from './complete.js';
import { signatureOf } from './describe.js';
import { inspectBefore } from './mended.js';
import { structureValues } from './structure-values.js';

/** What is at an offset: the node's range, its type, and a line that says what it is. */
export interface HoverInfo {
  readonly start: number;
  readonly end: number;
  /** The Edm type, or the enumeration's name. */
  readonly type: string;
  readonly description: string;
}

/** The innermost typed node at `offset` in `text`, described; undefined where there is none. */
export function hover(
  text: string,
  offset: number,
  schema: Schema,
  options: EditorOptions = {},
): HoverInfo | undefined {
  if (typeof text !== 'string' || !Number.isInteger(offset) || offset < 0 || offset > text.length) return undefined;
  const read = inspectUpToError(text, schema, options);
  if (read === undefined) return undefined;
  const { inspection, readTo } = read;
  const roots = inspection.nodes.map((n) => n.node);
  // A structure given whole has all its slots at its text: the one that stands for it is shown.
  const structures = structureValues(roots);
  let best: TypedExpr | undefined;
  const stack: TypedExpr[] = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.start > offset || node.end < offset || node.end > readTo) continue;
    // A read through a type-cast segment is the member read: its test of the row's type is the
    // checker's own (docs/semantics.md §14), not something the text holds.
    if (node.kind === 'guard') {
      stack.push(node.value);
      continue;
    }
    if (
      best === undefined ||
      node.end - node.start < best.end - best.start ||
      (node.start === best.start &&
        node.end === best.end &&
        ((node.kind !== 'convert' && best.kind === 'convert') || (structures.has(node) && !structures.has(best))))
    )
      best = node;
    // Nor is what `isof` of a model's type was made into.
    if (!isModelTypeTest(node)) stack.push(...childrenOfTyped(node));
  }
  if (best === undefined) return undefined;
  const structure = structures.get(best);
  if (structure !== undefined) {
    // A null structure's presence slot is false (a null collection's argument is null itself).
    const isNull = best.kind === 'null' || (best.kind === 'literal' && best.value === false);
    const shown = isNull ? `null, here of type ${structure}` : `${text.slice(best.start, best.end)}: ${structure}`;
    // A collection's type is named by its element's, as for a collection argument.
    return {
      start: best.start,
      end: best.end,
      type: structure.replace(/^Collection\((.*)\)$/, '$1'),
      description: shown,
    };
  }
  const description = isModelTypeTest(best)
    ? "a test of the value's type in the model: Edm.Boolean, true when it is of the type named or of one derived from it"
    : describeNode(best, text);
  return { start: best.start, end: best.end, type: typeName(best), description };
}

/**
 * A test the checker made of `isof` with a model's type (docs/semantics.md §14): its reads of the
 * discriminator stand where the test stands, so a child covers the node's whole text, which no
 * operand the text holds does.
 */
const isModelTypeTest = (node: TypedExpr): boolean =>
  (node.kind === 'in' || node.kind === 'compare' || node.kind === 'logical') &&
  childrenOfTyped(node).some((child) => child.start === node.start && child.end === node.end);

/** The text inspected, or the part before its syntax error (`readTo`: where what was read ends). */
function inspectUpToError(
  text: string,
  schema: Schema,
  options: EditorOptions,
): { inspection: Inspection; readTo: number } | undefined {
  let tree: Expr;
  try {
    tree = parse(text, options);
  } catch (error) {
    if (!isFilterError(error) || error.kind !== 'syntax') return undefined;
    const inspection = inspectBefore(text, error.start, schema, options);
    return inspection && { inspection, readTo: text.slice(0, error.start).trimEnd().length };
  }
  return { inspection: inspect(tree, schema, options, text), readTo: text.length };
}

function typeName(node: TypedExpr): string {
  if (node.kind === 'collectionArgument' && node.structure !== undefined) return node.structure.name;
  if (node.kind === 'result' && node.read.kind === 'collectionArgument') return typeName(node.read);
  return (node.kind === 'literal' || node.kind === 'null' || node.kind === 'collectionArgument') &&
    node.enum !== undefined
    ? node.enum.name
    : node.kind === 'member' && node.property.enum !== undefined
      ? node.property.enum.name
      : node.type;
}

function describeNode(node: TypedExpr, text: string): string {
  const type = typeName(node);
  switch (node.kind) {
    case 'member': {
      const from = node.source.kind === 'variable' ? `range variable ${node.source.name}` : 'the row';
      return `${text.slice(node.start, node.end)}: ${type}${node.nullable ? ', nullable' : ''} (a property of ${from})`;
    }
    case 'call': {
      const signature = lookupFunction(node.name);
      return signature === undefined
        ? `${node.name}: ${type}`
        : `${signatureOf(signature)} — ${FUNCTION_DOCS[signature.name].summary}`;
    }
    case 'functionCall': {
      const { parameters, returns, name } = node.function;
      return `${name}(${parameters.map((p) => `${p.name}: ${describeValueType(p)}`).join(', ')}): ${describeValueType(returns)}`;
    }
    case 'result': {
      // A collection passed whole from a result is named as one, as a path's is.
      const read = node.read.kind === 'collectionArgument' ? `Collection(${type})` : type;
      return `${text.slice(node.start, node.end)}: ${read} (read from the result of ${node.call.function.name})`;
    }
    case 'lambda':
      return `${node.op} over ${node.collection.path.join('/')}: Edm.Boolean`;
    case 'count':
      return `the number of elements of ${node.collection.path.join('/')}: Edm.Int64`;
    case 'literal':
      return `${/^[AEIOU]/i.test(type) ? 'an' : 'a'} ${type} literal`;
    case 'null':
      return `null, here of type ${type}`;
    case 'convert':
      return `${text.slice(node.start, node.end)}: converted to ${type}`;
    case 'collectionArgument':
      return `${text.slice(node.start, node.end)}: Collection(${node.structure?.name ?? node.enum?.name ?? type})`;
    case 'structureNull':
    case 'cast':
    case 'has':
    case 'isof':
    case 'not':
    case 'negate':
    case 'compare':
    case 'arithmetic':
    case 'temporal':
    case 'logical':
    case 'in':
    case 'guard':
      return `${node.kind === 'structureNull' ? node.op : node.kind}: ${type}`;
    default:
      return assertNever(node);
  }
}
