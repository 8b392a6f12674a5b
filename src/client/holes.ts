// A value given to a filter as its errors speak of it: the filter template's holes and the typed
// builder's values are both shown as `${n}` (n counting from 0 in the text), and both refuse a
// value that does not fit its place with the same issues (docs/client.md).

import { FilterError, isFilterError, unsupported } from '../errors.js';
import type { FilterIssue } from '../errors.js';
import { bindValue, describeUse, shownValue } from '../types/value-literal.js';
import type { Binding, ValueUse } from '../types/value-literal.js';
import type { ODataVersion } from '../language/versions.js';

/** A hole as an error's text shows it. */
export const shownHole = (hole: number): string => `\${${hole}}`;

/** The pieces of a template with each fill between two of them. */
export function interleave(strings: readonly string[], fills: readonly string[]): string {
  return strings.reduce((text, s, i) => text + s + (i < fills.length ? fills[i] : ''), '');
}

/** Where each hole starts in the template with every hole written `${n}`, in one pass (a built filter may have thousands). */
export function holeStarts(strings: readonly string[], count: number): number[] {
  const starts: number[] = [];
  let position = 0;
  for (let i = 0; i < count; i++) {
    position += strings[i]!.length;
    starts.push(position);
    position += shownHole(i).length;
  }
  return starts;
}

/** Where a hole is in the text an error shows. */
export interface HoleSpan {
  readonly start: number;
  readonly end: number;
}

/** A `value_does_not_fit` issue at a hole. */
const doesNotFit = (message: string, at: HoleSpan): FilterIssue => ({ code: 'value_does_not_fit', message, ...at });

/** A value, or an item of a list (`item`), that is no literal of its place's type; `reason`, why the grammar cannot read its literal. */
export function misfit(
  hole: number,
  at: HoleSpan,
  value: unknown,
  use: ValueUse,
  item?: number,
  reason?: string,
): FilterIssue {
  const given = value === undefined ? 'undefined' : shownValue(value);
  const where =
    item === undefined ? `The value at ${shownHole(hole)}` : `Item ${item} of the list at ${shownHole(hole)}`;
  const why = reason === undefined ? '' : `: ${reason}`;
  return doesNotFit(`${where} is ${given}, which is no ${describeUse(use)}, the type of its place${why}`, at);
}

/** One value where `in` takes its list. */
export function notAList(hole: number, at: HoleSpan, value: unknown): FilterIssue {
  return doesNotFit(
    `The value at ${shownHole(hole)} is ${shownValue(value)}, which is no list: \`in\` takes an array`,
    at,
  );
}

/** An array where one value goes. */
export function misplacedList(hole: number, at: HoleSpan): FilterIssue {
  return doesNotFit(`The value at ${shownHole(hole)} is an array, which only the list of \`in\` can be`, at);
}

/** A value where none can stand; `why`, the reason the place has no type. */
export function noPlace(hole: number, at: HoleSpan, why: string): FilterIssue {
  return doesNotFit(`No value can stand at ${shownHole(hole)}: ${why}`, at);
}

/**
 * The value's binding at its place for the version (src/types/value-literal.ts); a value of a type
 * the version has no literal for is an 'unsupported' FilterError at the hole, in the shown text.
 */
export function bindAtHole(
  value: unknown,
  use: ValueUse,
  version: ODataVersion | undefined,
  hole: number,
  at: HoleSpan,
  text: string,
): Binding {
  try {
    return bindValue(value, use, version);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw unsupported({
      construct: error.construct ?? 'unsupported',
      target: error.target,
      message: `The value at ${shownHole(hole)}: ${error.message.replace(/ at position \d+$/, '')}`,
      ...at,
      text,
    });
  }
}

/** The holes' issues as one 'type' FilterError at the first, in the text with the holes shown. */
export function holesError(issues: readonly FilterIssue[], text: string): FilterError {
  return new FilterError({
    kind: 'type',
    message: issues.map((i) => i.message).join('; '),
    start: issues[0]!.start,
    end: issues[0]!.end,
    issues,
    text,
  });
}
