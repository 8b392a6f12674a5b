// Equalities of one member as one `in` list: `S eq 'a' or S eq 'b' or S eq null` is
// `S in ('a', 'b', null)`, and `S ne 'a' and S ne 'b'` its negation. `in` is defined as that chain
// of `eq` (docs/semantics.md, section 2), so both mean the same on every row; the list is what
// every backend tests in one step: a set in memory, `IN (…)` in SQL, whose prepare time stays
// linear where a chain of `OR`s is not (SQLite), `$in` in MongoDB.

import type {
  ComparePredicate,
  InPredicate,
  LoweredConstant,
  LoweredMember,
  LoweredPredicate,
  NullTest,
} from './lowered.js';

/** A term of an `or` (plain) or of an `and` (negated) that tests one member against constants. */
interface ListTerm {
  readonly member: LoweredMember;
  readonly values: readonly LoweredConstant[];
  readonly orNull: boolean;
}

/**
 * The operands of an `or` (`negated` false) or an `and` (`negated` true), with the equality tests
 * of each member that is tested more than once merged into one `in`, at the place of its first
 * test. Every other operand keeps its place.
 */
export function mergeEqualityLists(
  operands: readonly LoweredPredicate[],
  negated: boolean,
): readonly LoweredPredicate[] {
  // Most junctions have no two tests of a member: they are left as they are, without a map.
  let candidates = 0;
  for (const p of operands) if (p.kind === 'compare' || p.kind === 'in' || p.kind === 'nullTest') candidates++;
  if (candidates < 2) return operands;
  const groups = new Map<string, { first: number; terms: ListTerm[]; predicates: LoweredPredicate[] }>();
  operands.forEach((p, i) => {
    const term = listTermOf(p, negated);
    if (!term) return;
    const key = memberKey(term.member);
    const group = groups.get(key);
    if (group) {
      group.terms.push(term);
      group.predicates.push(p);
    } else groups.set(key, { first: i, terms: [term], predicates: [p] });
  });
  const merged = new Map<number, InPredicate>();
  const dropped = new Set<LoweredPredicate>();
  for (const { first, terms, predicates } of groups.values()) {
    const values = terms.flatMap((t) => t.values);
    if (terms.length < 2 || values.length === 0) continue;
    for (const p of predicates) dropped.add(p);
    merged.set(first, {
      kind: 'in',
      operand: terms[0]!.member,
      values,
      orNull: terms.some((t) => t.orNull),
      negated,
      start: Math.min(...predicates.map((p) => p.start)),
      end: Math.max(...predicates.map((p) => p.end)),
    });
  }
  if (merged.size === 0) return operands;
  const result: LoweredPredicate[] = [];
  operands.forEach((p, i) => {
    const list = merged.get(i);
    if (list) result.push(list);
    else if (!dropped.has(p)) result.push(p);
  });
  return result;
}

/** The member and constants a predicate tests equality with, when it is such a test of the wanted polarity. */
function listTermOf(p: LoweredPredicate, negated: boolean): ListTerm | undefined {
  switch (p.kind) {
    case 'compare':
      return p.negated === negated ? equalityTerm(p) : undefined;
    case 'in':
      return p.negated === negated && p.operand.kind === 'member'
        ? { member: p.operand, values: p.values, orNull: p.orNull }
        : undefined;
    case 'nullTest':
      return p.negated === negated ? nullTerm(p) : undefined;
    default:
      return undefined;
  }
}

/**
 * `member eq constant`, either way round, the constant of the member's own type. A comparison the
 * integer rewrite made keeps its written form for MongoDB, so it is left as it is.
 */
function equalityTerm(p: ComparePredicate): ListTerm | undefined {
  if (p.op !== 'eq' || p.asWritten !== undefined) return undefined;
  const [member, constant] =
    p.left.kind === 'member' ? [p.left, p.right] : p.right.kind === 'member' ? [p.right, p.left] : [];
  if (!member || constant?.kind !== 'constant' || constant.value === null || constant.type !== member.type)
    return undefined;
  return { member, values: [constant], orNull: false };
}

function nullTerm(p: NullTest): ListTerm | undefined {
  return p.value.kind === 'member' ? { member: p.value, values: [], orNull: true } : undefined;
}

/**
 * A member's identity within one `and`/`or`: its source and path. A range variable's name is
 * unique along a chain of nested lambdas, so one name is one element there.
 */
function memberKey(member: LoweredMember): string {
  const source = member.source.kind === 'row' ? '' : `${member.source.name} `;
  return `${source}${member.path.join('/')}`;
}
