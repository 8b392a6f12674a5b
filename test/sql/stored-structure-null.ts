// A structure compared with null as the SQL backends read it (docs/semantics.md, "SQL backends:
// differences"): a structure, or a collection's structured element in a child table, has no column
// of its own, so one whose member columns are all NULL is null. The differential property holds
// the engines to the reference's answer for the filter rewritten so.

import { rememberFilter } from '../../src/types/made-filters.js';
import { listPropertyPaths } from '../../src/types/schema.js';
import { mapChildrenOfTyped } from '../../src/types/typed.js';
import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';

type StructureNull = Extract<TypedExpr, { kind: 'structureNull' }>;

/** The filter with each structure-null test also true (`eq`) or false (`ne`) where the structure's member columns are all null. */
export function asStoredInColumns(typed: TypedFilter): TypedFilter {
  // The reference's own rewriting, which check() does not make of any text: taken as made.
  return rememberFilter({ ...typed, root: rewrite(typed.root) });
}

/**
 * Where a member cannot be null, a present structure holds it and the SQL tests that column
 * alone; the difference arises only for a nullable structure whose members are all nullable.
 */
function membersAllNull(node: StructureNull): TypedExpr | undefined {
  if (!node.nullable) return undefined;
  const members = listPropertyPaths({ name: node.path.join('/'), properties: node.property.properties });
  if (members.length === 0 || members.some((m) => !m.nullable)) return undefined;
  const span = { start: node.start, end: node.end };
  const isNull = (m: (typeof members)[number]): TypedExpr => ({
    kind: 'compare',
    op: 'eq',
    type: 'Edm.Boolean',
    left: {
      kind: 'member',
      type: m.property.type,
      source: node.source,
      path: [...node.path, ...m.path],
      property: m.property,
      nullable: true,
      ...span,
    },
    right: { kind: 'null', type: m.property.type, ...span },
    ...span,
  });
  return { kind: 'logical', op: 'and', type: 'Edm.Boolean', operands: members.map(isNull), ...span };
}

function rewrite(node: TypedExpr): TypedExpr {
  switch (node.kind) {
    case 'structureNull': {
      const allNull = membersAllNull(node);
      if (allNull === undefined) return node;
      const span = { start: node.start, end: node.end };
      return node.op === 'eq'
        ? { kind: 'logical', op: 'or', type: 'Edm.Boolean', operands: [node, allNull], ...span }
        : {
            kind: 'logical',
            op: 'and',
            type: 'Edm.Boolean',
            operands: [node, { kind: 'not', type: 'Edm.Boolean', operand: allNull, ...span }],
            ...span,
          };
    }
    default:
      return mapChildrenOfTyped(node, rewrite);
  }
}
