// filter(schema)`…`: a filter written with holes for values (docs/client.md). Each hole's value is
// written as a literal of the type its place gives it — `Status eq ${status}` a string quoted with
// '' for a quote, `Id eq ${id}` a guid, `Big eq ${n}` an Int64 from a bigint, `Price eq ${p}` a
// Decimal without binary rounding, `Created gt ${date}` an instant — never of a type guessed from
// the value; a value that does not fit its place is a FilterError at the hole. An array is the
// list of `in` (`Status in ${['Active', 'Pending']}`), each item a literal of the operand's type.
// With `version` ('2.0', '3.0', '4.0'; default '4.01') the literals are that version's, and the
// filter is checked for it: a construct the version does not have is refused before any request.

import { FilterError, isFilterError } from '../errors.js';
import type { FilterIssue } from '../errors.js';
import { check } from '../types/check.js';
import type { CheckOptions } from '../types/check.js';
import type { Schema } from '../types/schema.js';
import type { TypedExpr, TypedFilter } from '../types/typed.js';
import { childrenOfTyped } from '../types/typed.js';
import { aliasUses } from '../types/alias-uses.js';
import type { Binding, ValueUse } from '../types/value-literal.js';
import {
  bindAtHole,
  holesError,
  holeStarts,
  interleave,
  misfit,
  misplacedList,
  noPlace,
  notAList,
  shownHole,
} from './holes.js';

/** A filter made from a template: its text, the values written as literals, and the checked tree. */
export interface BuiltFilter {
  readonly text: string;
  readonly typed: TypedFilter;
  /** The text, so that a built filter can stand wherever a filter's text goes. */
  toString(): string;
}

export type FilterTemplate = (strings: TemplateStringsArray, ...values: readonly unknown[]) => BuiltFilter;

/**
 * The template tag of a schema: filter(Contact)`Status eq ${status} and CreatedDateTime gt ${since}`.
 * Errors show the template with each hole written `${n}` (n counting from 0), at the positions of
 * that text; `options` are check()'s (limits, `now`, `version`), but for `aliases`, which the
 * holes replace.
 */
export function filter(schema: Schema, options: Omit<CheckOptions, 'aliases'> = {}): FilterTemplate {
  return (strings, ...values) => filledTemplate(schema, options, strings, values);
}

/**
 * Holes are read as aliases named `@__<n>`, as long as the `${n}` the errors show them as, so
 * that a position in one text is the same position in the other.
 */
const aliasOf = (hole: number): string => `@__${hole}`;

/**
 * The filter of a template's pieces and the values of its holes (hole i between strings[i] and
 * strings[i + 1]): what the tag does, and what the typed builder does with the text it printed.
 */
export function filledTemplate(
  schema: Schema,
  options: CheckOptions,
  strings: readonly string[],
  values: readonly unknown[],
): BuiltFilter {
  if (strings.some((s) => /@__\d/.test(s)))
    throw new TypeError(
      'A filter template cannot itself use an alias named @__<digits>: the template reads its holes as those',
    );
  const holes = holeStarts(strings, values.length).map((start, i) => ({ start, length: shownHole(i).length }));
  const shown = interleave(
    strings,
    values.map((_, i) => shownHole(i)),
  );
  const aliased = interleave(
    strings,
    values.map((_, i) => aliasOf(i)),
  );
  const at = (i: number): { start: number; end: number } => ({
    start: holes[i]!.start,
    end: holes[i]!.start + holes[i]!.length,
  });
  // An array is read as the list of `in`; one where a single value goes is refused at its hole.
  const lists = new Set(values.flatMap((value, i) => (Array.isArray(value) ? [aliasOf(i).slice(1)] : [])));
  const issues: FilterIssue[] = [];
  // The holes are aliases only while their places' types are learnt: no version refuses them there.
  const { version, ...learning } = options;
  let uses: ReadonlyMap<string, ValueUse>;
  try {
    const learnt = aliasUses(aliased, schema, learning, lists);
    uses = learnt.uses;
    values.forEach((value, i) => {
      if (Array.isArray(value) && !learnt.lists.has(aliasOf(i).slice(1))) issues.push(misplacedList(i, at(i)));
    });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    // A single value where `in` takes its list (the alias text `null` is no list).
    const misplaced = values.flatMap((value, i) =>
      !Array.isArray(value) &&
      error.issues.some((issue) => issue.code === 'invalid_alias_value' && issue.start === holes[i]!.start)
        ? [i]
        : [],
    );
    if (misplaced.length === 0) throw rewritten(error, shown, (position) => position);
    throw holesError(
      misplaced.map((i) => notAList(i, at(i), values[i])),
      shown,
    );
  }
  const refused = new Set(issues.map((issue) => issue.start));
  const literals = values.map((value, i) => {
    if (refused.has(holes[i]!.start)) return 'null';
    const use = uses.get(aliasOf(i).slice(1));
    if (use === undefined) {
      issues.push(noPlace(i, at(i), 'it is not in the place of an operand'));
      return 'null';
    }
    /** The literal of one value (or list item), or 'null' once the issue of a value that does not fit is noted. */
    const fitted = (item: unknown, k?: number): string => {
      const bound: Binding = item === undefined ? { ok: false } : bindAtHole(item, use, version, i, at(i), shown);
      if (bound.ok) return bound.text;
      issues.push(misfit(i, at(i), item, use, k, bound.reason));
      return 'null';
    };
    return Array.isArray(value) ? `(${value.map((item: unknown, k) => fitted(item, k)).join(', ')})` : fitted(value);
  });
  if (issues.length > 0) throw holesError(issues, shown);
  const text = interleave(strings, literals);
  // Where each hole's literal is in the text, and how a position there maps back to the template.
  const placed = placements(strings, literals);
  const back = (position: number, end: boolean): number => {
    let shift = 0;
    for (const [i, p] of placed.entries()) {
      if (end ? position <= p.start : position < p.start) break;
      // Inside a literal: the whole hole.
      if (end ? position <= p.end : position < p.end) return end ? holes[i]!.start + holes[i]!.length : holes[i]!.start;
      shift += p.end - p.start - holes[i]!.length;
    }
    return position - shift;
  };
  let typed: TypedFilter;
  try {
    typed = check(text, schema, options);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw rewritten(error, shown, back);
  }
  // A literal read as another type than its place's does not fit either: a function's overload, chosen
  // with the hole null, may differ from the one its literal chooses.
  const nodes = new Map<number, TypedExpr>();
  const stack: TypedExpr[] = [typed.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'literal' || node.kind === 'null') nodes.set(node.start, node);
    stack.push(...childrenOfTyped(node));
  }
  values.forEach((value, i) => {
    const use = uses.get(aliasOf(i).slice(1))!;
    const node = nodes.get(placed[i]!.start);
    if (node !== undefined && node.kind === 'literal' && node.type !== use.type)
      issues.push(misfit(i, at(i), value, use));
  });
  if (issues.length > 0) throw holesError(issues, shown);
  return { text, typed, toString: () => text };
}

/** The span of each hole's literal in the filled text. */
function placements(strings: readonly string[], literals: readonly string[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let position = 0;
  literals.forEach((literal, i) => {
    position += strings[i]!.length;
    spans.push({ start: position, end: position + literal.length });
    position += literal.length;
  });
  return spans;
}

/** The error with its positions moved to the template's text (holes shown as `${n}`), and the holes named so in its messages. */
function rewritten(error: FilterError, shown: string, back: (position: number, end: boolean) => number): FilterError {
  const named = (message: string): string => message.replace(/@__(\d+)/g, (_, n: string) => shownHole(Number(n)));
  const issues = error.issues.map((issue) => ({
    ...issue,
    message: named(issue.message),
    start: back(issue.start, false),
    end: back(issue.end, true),
  }));
  return new FilterError({
    kind: error.kind,
    message: named(error.message),
    start: back(error.start, false),
    end: back(error.end, true),
    issues,
    text: shown,
    ...(error.expected ? { expected: error.expected } : {}),
    ...(error.construct ? { construct: error.construct } : {}),
    ...(error.target ? { target: error.target } : {}),
  });
}
