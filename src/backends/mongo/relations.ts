// Relations (`relation: true` in the schema): another resource's rows, stored in another
// collection. A `find()` document reads only the document it filters, so a filter that reaches
// through a relation is refused, naming it (docs/mongo.md, "Collections and lambdas").

import { assertNever } from '../../assert-never.js';
import { childrenOfTyped, type TypedExpr, type TypedFilter, type TypedSource } from '../../types/typed.js';
import type { Property, PrimitiveProperty, StructuredProperty } from '../../types/schema.js';
import { cannotCompile, type Span } from './cannot-compile.js';

/** A range variable in scope: its element's property and its collection's path from the row. */
interface Element {
  readonly property: PrimitiveProperty | StructuredProperty;
  readonly path: readonly string[];
}

/** Throws an 'unsupported' FilterError at the leftmost path of the filter that reaches through a relation. */
export function refuseRelations(filter: TypedFilter): void {
  refuseIn(filter.root, filter.schema.properties, new Map());
}

function refuseIn(node: TypedExpr, root: ReadonlyMap<string, Property>, elements: ReadonlyMap<string, Element>): void {
  switch (node.kind) {
    case 'member':
    case 'structureNull':
      refusePath(node, node.source, node.path, root, elements);
      return;
    case 'count':
    case 'lambda': {
      const path = refusePath(node, node.collection.source, node.collection.path, root, elements);
      if (node.body === undefined) return;
      const inner =
        node.variable === undefined
          ? elements
          : new Map([...elements, [node.variable, { property: node.collection.property.element, path }]]);
      refuseIn(node.body, root, inner);
      return;
    }
    case 'functionCall': {
      const binding = node.binding;
      if (binding?.kind === 'structure') refusePath(node, binding.source, binding.path, root, elements);
      if (binding?.kind === 'collection') {
        const { collection, variable, body } = binding;
        const path = refusePath(node, collection.source, collection.path, root, elements);
        if (body !== undefined)
          refuseIn(body, root, new Map([...elements, [variable, { property: collection.property.element, path }]]));
        for (const arg of node.args) refuseIn(arg, root, elements);
        return;
      }
      for (const child of childrenOfTyped(node)) refuseIn(child, root, elements);
      return;
    }
    case 'collectionArgument': {
      const given = node.elements;
      if (!('kind' in given)) {
        for (const element of given) refuseIn(element, root, elements);
        return;
      }
      const path = refusePath(node, given.collection.source, given.collection.path, root, elements);
      const element = { property: given.collection.property.element, path };
      const inner = new Map([...elements, [given.variable, element]]);
      if (given.body !== undefined) refuseIn(given.body, root, inner);
      for (const slot of node.slots ?? []) refuseIn(slot, root, inner);
      return;
    }
    case 'result': {
      refuseIn({ kind: 'functionCall', type: node.type, ...node.call }, root, elements);
      // A result holds values only: what reads it reaches no relation of its own.
      const property = node.element.kind === 'collection' ? node.element.element : node.element;
      refuseIn(node.read, root, new Map([...elements, [node.variable, { property, path: [] }]]));
      return;
    }
    case 'literal':
    case 'null':
    case 'call':
    case 'not':
    case 'negate':
    case 'compare':
    case 'arithmetic':
    case 'temporal':
    case 'logical':
    case 'in':
    case 'convert':
    case 'cast':
    case 'isof':
    case 'has':
    case 'guard':
      for (const child of childrenOfTyped(node)) refuseIn(child, root, elements);
      return;
    default:
      assertNever(node, 'typed node kind');
  }
}

/** Refuses the path if a step of it is a relation; returns its property path from the row. */
function refusePath(
  node: Span,
  source: TypedSource,
  path: readonly string[],
  root: ReadonlyMap<string, Property>,
  elements: ReadonlyMap<string, Element>,
): readonly string[] {
  const element = source.kind === 'variable' ? elements.get(source.name) : undefined;
  const prefix = element?.path ?? [];
  let properties =
    element === undefined ? root : element.property.kind === 'structured' ? element.property.properties : undefined;
  for (const [i, name] of path.entries()) {
    const property = properties?.get(name);
    if (property === undefined || property.kind === 'primitive') break;
    if (property.relation) throw relation(node, [...prefix, ...path.slice(0, i + 1)]);
    const structure = property.kind === 'collection' ? property.element : property;
    properties = structure.kind === 'structured' ? structure.properties : undefined;
  }
  return [...prefix, ...path];
}

function relation(node: Span, path: readonly string[]) {
  const name = path.join('/');
  return cannotCompile(
    node,
    'relation',
    `the relation '${name}': its rows are stored in another collection, and a find() document reads only the document it filters`,
  );
}
