// diagnose(): every problem of a filter being typed, each with its range, code, message and the
// fixes that would mend it (a did-you-mean suggestion as a replacement). Text that parses is
// judged by check() itself; a syntax error is reported together with the type issues of the part
// before it, read with the rest closed (placement.ts), so one does not hide the other. It never
// throws for any text.

import { isFilterError } from '../../errors.js';
import type { FilterErrorKind, FilterIssue } from '../../errors.js';
import { check } from '../../types/check.js';
import type { CheckIssue } from '../../types/check.js';
import type { Schema } from '../../types/schema.js';
import type { TypedExpr } from '../../types/typed.js';
import { checkAllowed } from '../../types/allowed.js';
import type { EditorOptions } from './complete.js';
import { inspectBefore } from './mended.js';

/** A replacement of text[start, end) that mends a problem. */
export interface Fix {
  readonly title: string;
  readonly start: number;
  readonly end: number;
  readonly insert: string;
}

/** One problem of the text: where, which (its code, kind and message), and how to mend it. */
export interface Diagnostic {
  readonly start: number;
  readonly end: number;
  readonly code: string;
  readonly kind: FilterErrorKind;
  readonly message: string;
  readonly fixes: readonly Fix[];
}

/** Every problem of `text` as a filter of `schema`, in the text's order; none for a valid filter. */
export function diagnose(text: string, schema: Schema, options: EditorOptions = {}): Diagnostic[] {
  if (typeof text !== 'string')
    return [
      {
        start: 0,
        end: 0,
        code: 'not_a_string',
        kind: 'syntax',
        message: `A filter must be a string, not ${typeof text}`,
        fixes: [],
      },
    ];
  try {
    const typed = check(text, schema, options);
    return policyDiagnostics(typed.root, options);
  } catch (error) {
    // A bad option (an unknown version, a policy naming what the language lacks) is the caller's mistake.
    if (error instanceof TypeError) throw error;
    if (!isFilterError(error))
      return [
        {
          start: 0,
          end: text.length,
          code: 'runtime_exhausted',
          kind: 'limit',
          message: 'The filter could not be read',
          fixes: [],
        },
      ];
    const found = error.issues.map((issue) => diagnosticOf(issue, error.kind, text));
    // An alias's value that does not read leaves the filter's own text whole: nothing is cut there.
    if (error.kind === 'syntax' && error.issues.length === 1 && error.issues[0]!.code !== 'invalid_alias_value')
      found.push(...typeIssuesBefore(text, error.start, schema, options));
    return found.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}

function diagnosticOf(issue: FilterIssue | CheckIssue, kind: FilterErrorKind, text: string): Diagnostic {
  return {
    start: issue.start,
    end: issue.end,
    code: issue.code,
    kind,
    message: issue.message,
    fixes: fixesOf(issue, text),
  };
}

/** The did-you-mean replacement: a name, a type name, or an enumeration member inside its quotes. */
function fixesOf(issue: FilterIssue | CheckIssue, text: string): Fix[] {
  const suggestion = 'suggestion' in issue ? issue.suggestion : undefined;
  if (suggestion === undefined) return [];
  const written = text.slice(issue.start, issue.end);
  // An issue at an alias is of the alias's value (a path given for a collection parameter), which
  // the text does not hold: the name meant goes in the value, not in place of the alias.
  if (written.startsWith('@')) return [];
  if (issue.code === 'unknown_enum_member') {
    const quoted = /'([^',]*)'$/.exec(written);
    if (quoted === null) return [];
    const start = issue.start + quoted.index + 1;
    return [{ title: `Change to '${suggestion}'`, start, end: start + quoted[1]!.length, insert: suggestion }];
  }
  return [{ title: `Change to '${suggestion}'`, start: issue.start, end: issue.end, insert: suggestion }];
}

/**
 * The type issues of the text before a syntax error at `at` (mended.ts). Issues reaching past the
 * text are of what mended it, and an expression cut by the error is not blamed for being
 * incomplete.
 */
function typeIssuesBefore(text: string, at: number, schema: Schema, options: EditorOptions): Diagnostic[] {
  const open = text.slice(0, at).trimEnd().length;
  const inspection = inspectBefore(text, at, schema, options);
  if (inspection === undefined) return [];
  return inspection.issues
    .filter((i) => i.end <= open && !(i.code === 'not_boolean' && i.end === open))
    .map((i) => diagnosticOf(i, 'type', text));
}

/** The functions and operators of a valid filter that the policy does not allow, each at its first use (src/types/allowed.ts). */
function policyDiagnostics(root: TypedExpr, options: EditorOptions): Diagnostic[] {
  const { policy } = options;
  if (policy?.functions === undefined && policy?.operators === undefined) return [];
  const found: Diagnostic[] = [];
  checkAllowed(root, policy, 'filter', (kind, code, _option, message, start, end) =>
    found.push({ start, end, code, kind, message, fixes: [] }),
  );
  return found;
}
