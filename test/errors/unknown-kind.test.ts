// A tree built by hand with a node kind no stage knows is refused by every public function of the
// syntax and types layers, and by the SQL backend on each dialect, with the same FilterError: kind
// 'syntax', one malformed_tree issue.

import { describe, expect, it } from 'vitest';
import { check, childrenOf, isFilterError, print, printTyped, visit, visitTyped } from '../../src/index.js';
import { VenueRoom } from '../../src/examples/events/index.js';
import type { Expr, ExprVisitor, FilterError, TypedExpr, TypedFilter, TypedVisitor } from '../../src/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { lower } from '../../src/lower/lower.js';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { thrown } from '../support/thrown.js';

/** An unknown kind, alone and under a known node; `toString` would find Object.prototype's if a table were read unguarded. */
function treesOf(kind: string): Expr[] {
  const unknown = { kind, type: 'Edm.Boolean', start: 4, end: 9 } as unknown as Expr;
  return [unknown, { kind: 'not', operand: unknown, start: 0, end: 9 }];
}

const KINDS = ['frobnicate', 'toString', 'constructor'];

const RUNS: readonly [name: string, run: (tree: Expr) => unknown][] = [
  ['print', (tree) => print(tree)],
  ['childrenOf', (tree) => childrenOf(tree).map((child) => childrenOf(child))],
  ['visit', (tree) => visit(tree, plainVisitor())],
  ['check', (tree) => check(tree, VenueRoom)],
  ['printTyped', (tree) => printTyped(tree as unknown as TypedExpr)],
  ['visitTyped', (tree) => visitTyped(tree as unknown as TypedExpr, plainVisitor())],
  ['compileMongo', (tree) => compileMongo(typedFilterOf(tree))],
];

/** A checked filter built by hand around the tree, as a caller bypassing check() could. */
function typedFilterOf(tree: Expr): TypedFilter {
  return { root: tree, schema: VenueRoom, text: undefined } as unknown as TypedFilter;
}

/** A plain-object visitor with a handler for every known kind of both trees. */
function plainVisitor(): ExprVisitor<string> & TypedVisitor<string> {
  const kinds = [
    'null',
    'boolean',
    'number',
    'string',
    'datetime',
    'guid',
    'member',
    'call',
    'not',
    'negate',
    'compare',
    'arithmetic',
    'logical',
    'in',
    'literal',
    'convert',
    'structureNull',
  ];
  return Object.fromEntries(kinds.map((k) => [k, () => 'visited'])) as unknown as ExprVisitor<string> &
    TypedVisitor<string>;
}

describe('a node kind no stage knows', () => {
  for (const [name, run] of RUNS) {
    it.each(KINDS)(`${name}() refuses kind %s as a malformed tree`, (kind) => {
      const [alone] = treesOf(kind);
      const error = thrown(() => run(alone!)) as FilterError;
      expect(isFilterError(error)).toBe(true);
      expect(error.kind).toBe('syntax');
      expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
      expect(error.message).toContain(`unknown node kind ${JSON.stringify(kind)}`);
    });
  }

  it.each(KINDS)('print(), check() and compileMongo() refuse kind %s under a known node', (kind) => {
    const [, nested] = treesOf(kind);
    for (const run of [
      () => print(nested!),
      () => check(nested!, VenueRoom),
      () => compileMongo(typedFilterOf(nested!)),
    ]) {
      const error = thrown(run) as FilterError;
      expect(isFilterError(error)).toBe(true);
      expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
    }
  });
});

describe('a node kind no stage knows, handed to the SQL backend', () => {
  const handBuilt = (root: unknown): TypedFilter => ({ ...check('Capacity gt 1', VenueRoom), root: root as TypedExpr });
  const dialects = [postgres, sqlite, mysql] as const;
  it.each(KINDS.flatMap((kind) => dialects.map((dialect) => [kind, dialect.name, dialect] as const)))(
    'compileSql() refuses kind %s on %s as a malformed tree, alone and under a known node',
    (kind, _name, dialect) => {
      for (const tree of treesOf(kind)) {
        const error = thrown(() => compileSql(handBuilt(tree), { dialect })) as FilterError;
        const lowered = thrown(() => lower(handBuilt(tree))) as FilterError;
        expect(isFilterError(error)).toBe(true);
        expect(error.kind).toBe('syntax');
        expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
        expect(error.message).toContain(`node kind ${JSON.stringify(kind)}`);
        expect(error.message).toBe(lowered.message);
      }
    },
  );
});

describe('a literal of a type check() never gives, handed to the SQL backend', () => {
  const literal = { kind: 'literal', type: 'Edm.Money', value: 5, start: 12, end: 13 };
  const tree = { kind: 'compare', type: 'Edm.Boolean', op: 'eq', left: literal, right: literal, start: 0, end: 13 };
  const filter = { ...check('Capacity gt 1', VenueRoom), root: tree as unknown as TypedExpr } as TypedFilter;
  it.each([postgres, sqlite, mysql].map((dialect) => [dialect.name, dialect] as const))(
    'is refused as a malformed tree on %s, at the literal, naming the type',
    (_name, dialect) => {
      const error = thrown(() => compileSql(filter, { dialect })) as FilterError;
      expect(isFilterError(error)).toBe(true);
      expect(error).toMatchObject({ kind: 'syntax', start: 12, end: 13 });
      expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
      expect(error.message).toContain('"Edm.Money"');
    },
  );
});
