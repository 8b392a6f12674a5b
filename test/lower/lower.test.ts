// The lowered form of filters, printed compactly (src/lower/print-lowered.ts): polarity, null
// tests, Boolean values as operands, constant folding and the integer-literal rewrite, as
// docs/lowering.md describes them. The meaning of each is pinned on rows by the evaluation table
// and the memory differential property; this table pins what lower() decides, once.

import { describe, expect, it } from 'vitest';
import { check, FilterError } from '../../src/index.js';
import type { TypedExpr, TypedFilter } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { lower } from '../../src/lower/lower.js';
import type { LoweredPredicate, LoweredValue } from '../../src/lower/lowered.js';
import { printLowered } from '../../src/lower/print-lowered.js';
import { evalSchema } from '../support/eval-table.js';
import { lambdaSchema } from '../support/lambda-table.js';
import { lambdaTestSchema } from '../support/arbitraries.js';

const lowered = (filter: string): string => printLowered(lower(check(filter, evalSchema)).root);

describe('lower()', () => {
  const polarity: [string, string][] = [
    ['not (Name eq null)', '!(null Name)'],
    ['not (Qty lt Short)', '!(lt Qty (Int32 Short))'],
    ['not not Active', '(is Active true)'],
    ['not Active', '(is Active false)'],
    ['(Qty lt Short) eq false', '!(lt Qty (Int32 Short))'],
    ['(Qty lt Short) ne false', '(lt Qty (Int32 Short))'],
    ["not (Active and Name eq 'x')", "(or (is Active false) !(eq Name 'x'))"],
    ["not (Active or Name ne 'x')", "(and (is Active false) (eq Name 'x'))"],
    ["not startswith(Name, 'A')", "(is (startswith Name 'A') false)"],
    ["startswith(Name, 'A') eq false", "(is (startswith Name 'A') false)"],
    ["startswith(Name, 'A') ne true", "!(is (startswith Name 'A') true)"],
    ["not (Name in ('a', null))", "!(in Name 'a' null)"],
    ['not (null ne Address/Geo)', '(null Address/Geo/)'],
    ['Address ne null', '!(null Address/)'],
    [
      "(Name eq 'a' and (Code eq 'b' and Qty gt 1)) or Active",
      "(or (and (eq Name 'a') (eq Code 'b') (gt Qty 1)) (is Active true))",
    ],
  ];
  it.each(polarity)('pushes not into the wanted truth: %s', (filter, expected) => {
    expect(lowered(filter)).toBe(expected);
  });

  const nulls: [string, string][] = [
    ['Name eq null', '(null Name)'],
    ['null ne Name', '!(null Name)'],
    ['Active eq null', '(null Active)'],
    ['Active eq true', '(is Active true)'],
    ['Active ne true', '!(is Active true)'],
    ['true eq Active', '(is Active true)'],
    ['null eq null', 'true'],
    ['null ne null', 'false'],
    ['Qty lt null', 'false'],
    ['not (null gt Qty)', 'true'],
    ['Qty add null eq null', 'true'],
    ['length(null) eq 3', 'false'],
    ['Qty div 0 eq null', '(null (div Qty 0))'],
    ["Name in ('a', null)", "(in Name 'a' null)"],
    ['Name in (null)', '(null Name)'],
    ['Name in ()', 'false'],
    ['not (Name in ())', 'true'],
    ['(Qty gt 1) eq null', 'false'],
    ['not (Qty gt 1) ne null', 'true'],
  ];
  it.each(nulls)('decides null tests: %s', (filter, expected) => {
    expect(lowered(filter)).toBe(expected);
  });

  const values: [string, string][] = [
    ['(Active and Qty gt 1) eq null', '(null (and? Active [(gt Qty 1)]))'],
    ['(Qty gt 1 and Qty lt 5) eq Active', '(eq [(and (gt Qty 1) (lt Qty 5))] Active)'],
    ['(not Active) eq Active', '(eq (not? Active) Active)'],
    ['(not (Qty gt 1)) eq Active', '(eq [!(gt Qty 1)] Active)'],
    ["startswith(Name, 'A') eq Active", "(eq (startswith Name 'A') Active)"],
    ['Active in (true, null)', '(in Active true null)'],
    ['(Address eq null) eq Active', '(eq [(null Address/)] Active)'],
  ];
  it.each(values)(
    'keeps a Boolean used as a value three-valued, or a predicate when it is never null: %s',
    (filter, expected) => {
      expect(lowered(filter)).toBe(expected);
    },
  );

  const folding: [string, string][] = [
    ['true and Qty gt 1', '(gt Qty 1)'],
    ['Qty gt 1 and false', 'false'],
    ['not (Qty gt 1 or true)', 'false'],
    ['false or Qty gt 1 or false', '(gt Qty 1)'],
    ['(Qty gt 1 or Active) eq (Active or false)', '(eq (or? [(gt Qty 1)] Active) Active)'],
    ['(Active and false) eq false', 'true'],
    ['(Active and null) eq null', '(null (and? Active null))'],
    ['(not null) eq null', 'true'],
    ["concat(Name, null) eq 'x'", 'false'],
    ['-null eq null', 'true'],
  ];
  it.each(folding)('folds constants: %s', (filter, expected) => {
    expect(lowered(filter)).toBe(expected);
  });

  const lists: [string, string][] = [
    ["Name eq 'a' or Name eq 'b'", "(in Name 'a' 'b')"],
    ["'a' eq Name or Name eq 'b' or Name eq null", "(in Name 'a' 'b' null)"],
    ["Name in ('a', 'b') or Name eq 'c'", "(in Name 'a' 'b' 'c')"],
    ["Name ne 'a' and Name ne 'b'", "!(in Name 'a' 'b')"],
    ["not (Name eq 'a' or Name eq 'b')", "!(in Name 'a' 'b')"],
    ["Name ne 'a' and Name ne null", "!(in Name 'a' null)"],
    // The list stands where its first equality stood; the other operands keep their order.
    ["Qty gt 1 or Name eq 'a' or Code eq 'x' or Name eq 'b'", "(or (gt Qty 1) (in Name 'a' 'b') (eq Code 'x'))"],
    ['Qty eq 1 or Qty eq 2 or Short eq 3 or Short eq 4', '(or (in Qty 1 2) (in Short 3 4))'],
    // One equality is no list, nor are equalities of two members, of an `and`, or of a negated test in an `or`.
    ["Name eq 'a' or Qty eq 1", "(or (eq Name 'a') (eq Qty 1))"],
    ["Name eq 'a' and Name eq 'b'", "(and (eq Name 'a') (eq Name 'b'))"],
    ["Name eq 'a' or Name ne 'b'", "(or (eq Name 'a') !(eq Name 'b'))"],
    ["Name eq Code or Name eq 'a'", "(or (eq Name Code) (eq Name 'a'))"],
    ['Name eq null or Name eq null', '(or (null Name) (null Name))'],
    // The integer rewrite keeps the comparison as written for MongoDB: left as it is.
    ['Qty eq 5.0 or Qty eq 6.0', '(or (eq Qty 5) (eq Qty 6))'],
  ];
  it.each(lists)('makes equalities of one member one in list: %s', (filter, expected) => {
    expect(lowered(filter)).toBe(expected);
  });

  const integers: [string, string][] = [
    ['Qty gt 5.5', '(gt Qty 5)'],
    ['Qty ge 5.5', '(ge Qty 6)'],
    ['Qty le 5.0', '(le Qty 5)'],
    ['5.5 lt Qty', '(gt Qty 5)'],
    ['Qty eq 5.5', 'false'],
    ['Qty ne 5.5', 'true'],
    ['not (Qty lt 5.5d)', '!(lt Qty 6)'],
    ['Big gt 5.5', '(gt Big 5L)'],
    // Int64 to Double rounds, so there is no exact integer equivalent.
    ['Big gt 5.5d', '(gt (Double Big) 5.5d)'],
    // Beyond the member's range no literal of its type can stand for it: left as it is.
    ['Qty gt 1e20', '(gt (Double Qty) 100000000000000000000d)'],
  ];
  it.each(integers)(
    'compares an integer member with an integer where a literal allows it exactly: %s',
    (filter, expected) => {
      expect(lowered(filter)).toBe(expected);
    },
  );

  const asWritten: [string, string][] = [
    ['Qty gt 5.5', '(gt (Decimal Qty) 5.5m)'],
    ['5.5 lt Qty', '(lt 5.5m (Decimal Qty))'],
    ['not (Qty lt 5.5d)', '!(lt (Double Qty) 5.5d)'],
    ['not (not (Qty lt 5.5d))', '(lt (Double Qty) 5.5d)'],
  ];
  it.each(asWritten)(
    'keeps the comparison as written beside its rewrite, with the same polarity: %s',
    (filter, expected) => {
      const root = lower(check(filter, evalSchema)).root;
      expect(root.kind === 'compare' && root.asWritten ? printLowered(root.asWritten) : undefined).toBe(expected);
    },
  );
  it('keeps no comparison as written where nothing was rewritten', () => {
    const root = lower(check('Big gt 5.5d', evalSchema)).root;
    expect(root.kind === 'compare' && root.asWritten).toBe(undefined);
  });
});

describe('lower() of lambdas', () => {
  const lambdaLowered = (filter: string): string => printLowered(lower(check(filter, lambdaSchema)).root);

  const lambdas: [string, string][] = [
    ["Tags/any(t: t eq 'red')", "(exists t in Tags (eq t 'red'))"],
    ['Tags/any()', '(exists in Tags true)'],
    ['not Tags/any()', '(forall in Tags false)'],
    ['Tags/all(t: t ne null)', '(forall t in Tags !(null t))'],
    // all(p) fails an element where p is null: its negation finds an element where p is not true.
    ['not Tags/all(t: length(t) gt 2)', '(exists t in Tags !(gt (length t) 2))'],
    ["not Orders/any(o: o/Status ne 'open')", "(forall o in Orders (eq o/Status 'open'))"],
    ["Tags/any(t: t eq 'a') eq false", "(forall t in Tags !(eq t 'a'))"],
    ['Scores/any(s: not (s gt 2))', '(exists s in Scores !(gt s 2))'],
    // Decided where the body decides it whatever the elements; a null body is true for no element.
    ['Tags/any(t: false)', 'false'],
    ['Tags/all(t: true)', 'true'],
    ['Tags/any(t: null)', 'false'],
    ['Tags/all(t: null)', '(forall t in Tags false)'],
    ['not Tags/all(t: null)', '(exists t in Tags true)'],
    // $count is an Int64 value, never null.
    ['Tags/$count eq 0', '(eq (count Tags) 0L)'],
    ['Scores/$count add 1 gt Limit', '(gt (add (count Scores) 1L) (Int64 Limit))'],
    // x in C is an exists over a variable no filter can name.
    ["'red' in Tags", "(exists $element1 in Tags (eq $element1 'red'))"],
    ['not (Name in Tags)', '(forall $element1 in Tags !(eq $element1 Name))'],
    // Members and structures from a variable, outer variables, the resource as $it.
    ['Orders/any(o: o/Lines/all(l: l/Qty le o/Id))', '(exists o in Orders (forall l in o/Lines (le l/Qty o/Id)))'],
    ['Addresses/any(a: a eq null)', '(exists a in Addresses (null a/))'],
    [
      'Addresses/all(a: a ne null and a/Phones/any())',
      '(forall a in Addresses (and !(null a/) (exists in a/Phones true)))',
    ],
    ['Tags/any(t: t eq $it/Name)', '(exists t in Tags (eq t Name))'],
    // Equalities of one element's member are one list; the row's member of the same name is another.
    [
      "Orders/any(o: o/Status eq 'a' or o/Status eq 'b' or o/Status eq $it/Name)",
      "(exists o in Orders (or (in o/Status 'a' 'b') (eq o/Status Name)))",
    ],
    ["Tags/any(t: t eq 'a' or t eq 'b' or t eq null)", "(exists t in Tags (in t 'a' 'b' null))"],
    ['Tags/all(t: Scores/any(s: s eq length(t)))', '(forall t in Tags (exists s in Scores (eq s (length t))))'],
    [
      'Addresses/any(a: a/City eq Name or a/Phones/$count eq 0)',
      '(exists a in Addresses (or (eq a/City Name) (eq (count a/Phones) 0L)))',
    ],
    // A lambda as a Boolean value is never null: a truth.
    [
      "Tags/any(t: t eq 'a') eq Tags/all(t: t eq 'b')",
      "(eq [(exists t in Tags (eq t 'a'))] [(forall t in Tags (eq t 'b'))])",
    ],
  ];
  it.each(lambdas)('%s', (filter, expected) => {
    expect(lambdaLowered(filter)).toBe(expected);
  });

  it('names the variable of an `in` within x apart from that of the `in` whose body x is lowered into', () => {
    expect(printLowered(lower(check("('red' in Tags) in Flags", lambdaTestSchema)).root)).toBe(
      "(exists $element1 in Flags (eq $element1 [(exists $element2 in Tags (eq $element2 'red'))]))",
    );
  });
});

describe('facts on lowered values', () => {
  const compareOf = (filter: string): LoweredPredicate & { kind: 'compare' } => {
    const root = lower(check(filter, evalSchema)).root;
    if (root.kind !== 'compare') throw new Error(`not a comparison: ${printLowered(root)}`);
    return root;
  };
  const members = (v: LoweredValue): string[] | undefined => v.nullDecidedBy?.map((m) => m.path.join('/'));

  it('reads every member from the row', () => {
    const { left } = compareOf("Address/City eq 'x'");
    expect(left.kind === 'member' && left.source).toEqual({ kind: 'row' });
  });

  it('tells which members decide a value’s nullness', () => {
    expect(members(compareOf('Qty add Short eq 1').left)).toEqual(['Qty', 'Short']);
    expect(members(compareOf('Qty add Qty eq 1').left)).toEqual(['Qty']);
    expect(members(compareOf('Qty div 2 eq 1').left)).toEqual(['Qty']);
    // Division by a value that may be zero, and a string that may pass the bound, are null on their own.
    expect(members(compareOf('Qty div Short eq 1').left)).toBeUndefined();
    expect(members(compareOf("concat(Name, 'x') eq 'y'").left)).toBeUndefined();
    expect(members(compareOf('length(Name) eq 1').left)).toEqual(['Name']);
    expect(members(compareOf('Id eq 1').right)).toEqual([]);
  });

  it('carries the schema’s nullability, and what makes a value null by itself', () => {
    expect(compareOf('Id eq 1').left.nullable).toBe(false);
    expect(compareOf('Id div 2 eq 1').left.nullable).toBe(false);
    expect(compareOf('Id div Id eq 1').left.nullable).toBe(true);
    expect(compareOf("concat('a', 'b') eq 'ab'").left.nullable).toBe(true);
    expect(compareOf('Qty eq 1').left.nullable).toBe(true);
  });

  it('keeps the operator a structure test was written with, under the negation of the nots above', () => {
    const structureTest = (filter: string) => {
      const root = lower(check(filter, evalSchema)).root;
      return root.kind === 'structureNull' ? { op: root.op, negated: root.negated } : printLowered(root);
    };
    expect(structureTest('Address eq null')).toEqual({ op: 'eq', negated: false });
    expect(structureTest('Address ne null')).toEqual({ op: 'ne', negated: true });
    expect(structureTest('not (Address eq null)')).toEqual({ op: 'eq', negated: true });
    expect(structureTest('not (null ne Address)')).toEqual({ op: 'ne', negated: false });
  });

  it('carries integer ranges', () => {
    expect(compareOf('Qty add 1 eq 1').left.range).toEqual([-2147483647n, 2147483648n]);
    expect(compareOf('Small mul 2 eq 1').left.range).toEqual([0n, 510n]);
    expect(compareOf('Price eq 1').left.range).toBeUndefined();
  });
});

describe('a tree check() could not have made', () => {
  it('is no TypedFilter to the compiler', () => {
    const unchecked = { root: check('Active', evalSchema).root, schema: evalSchema, text: undefined };
    // @ts-expect-error only check() makes a TypedFilter, so lower() cannot be handed an unchecked tree
    expect(printLowered(lower(unchecked).root)).toBe('(is Active true)');
  });

  const handBuilt = (root: unknown): TypedFilter => ({ ...check('Active', evalSchema), root: root as TypedExpr });
  const cases: [string, unknown][] = [
    ['an unknown kind', { kind: 'frobnicate', type: 'Edm.Boolean', start: 0, end: 6 }],
    ['a kind inherited from Object.prototype', { kind: 'toString', type: 'Edm.Boolean', start: 0, end: 6 }],
    [
      'an unknown kind under not',
      {
        kind: 'not',
        type: 'Edm.Boolean',
        operand: { kind: 'frobnicate', type: 'Edm.Boolean', start: 4, end: 6 },
        start: 0,
        end: 6,
      },
    ],
    [
      'arithmetic where a condition is expected',
      {
        kind: 'arithmetic',
        op: 'add',
        type: 'Edm.Int32',
        left: { kind: 'literal', type: 'Edm.Int32', value: 1, start: 0, end: 1 },
        right: { kind: 'literal', type: 'Edm.Int32', value: 1, start: 0, end: 1 },
        start: 0,
        end: 6,
      },
    ],
  ];
  it.each(cases)('refuses %s as a malformed tree, in lower() and on both memory paths', (_name, root) => {
    const filter = handBuilt(root);
    for (const run of [
      () => lower(filter),
      () => compilePredicate(filter),
      () => compilePredicate(filter, { codegen: false }),
    ]) {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FilterError);
      expect((error as FilterError).issues.map((i) => i.code)).toEqual(['malformed_tree']);
    }
  });
});
