// What the editor knows of the filter language: its diagnostics, its completions and its hover
// information, each read against the schema picked at the time. These three sources are the
// page's only link to the language's editor support, so that they can follow it in one place.

import { autocompletion } from '@codemirror/autocomplete';
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { linter } from '@codemirror/lint';
import type { Action, Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import type { EditorView, Tooltip } from '@codemirror/view';
import { check, isFilterError } from 'odata-filter';
import type { FilterIssue, Schema } from 'odata-filter';

/** What the sources read when they run: the schema the filter is written against, if any. */
export interface FilterContext {
  readonly schema: () => Schema | undefined;
}

/** A did-you-mean, on the issues whose range is exactly the misspelt name it replaces. */
type SuggestedIssue = FilterIssue & { readonly suggestion?: string };
const NAME_ISSUES: ReadonlySet<string> = new Set(['unknown_property', 'unknown_type']);

/** The problems of the filter text: check()'s issues, each at its range, with a fix where one is suggested. */
export function filterDiagnostics(text: string, context: FilterContext): Diagnostic[] {
  const schema = context.schema();
  if (schema === undefined || text.trim() === '') return [];
  try {
    check(text, schema);
    return [];
  } catch (error) {
    if (!isFilterError(error)) return [{ from: 0, to: text.length, severity: 'error', message: `Unexpected failure: ${String(error)}` }];
    return error.issues.map((issue: SuggestedIssue) => {
      const from = Math.min(issue.start, text.length);
      const to = Math.min(Math.max(issue.end, from), text.length);
      const diagnostic: Diagnostic = { from, to, severity: 'error', source: issue.code, message: issue.message };
      return issue.suggestion !== undefined && NAME_ISSUES.has(issue.code) ? { ...diagnostic, actions: [replaceWith(issue.suggestion)] } : diagnostic;
    });
  }
}

function replaceWith(name: string): Action {
  return {
    name: `Replace with ${name}`,
    apply: (view, from, to) => view.dispatch({ changes: { from, to, insert: name }, selection: { anchor: from + name.length } }),
  };
}

/** The completions at the cursor. None yet: the autocompletion machinery is in place for them. */
export function filterCompletions(_completion: CompletionContext, _context: FilterContext): CompletionResult | null {
  return null;
}

/** What hovering a position of the filter shows. Nothing yet: the tooltip slot is in place for it. */
export function filterHover(_view: EditorView, _position: number, _context: FilterContext): Tooltip | null {
  return null;
}

/** The editor extensions of the language: live diagnostics, completions and hover, all against `context`. */
export function filterLanguage(context: FilterContext): Extension {
  return [
    linter((view) => filterDiagnostics(view.state.doc.toString(), context), { delay: 150 }),
    autocompletion({ override: [(completion) => filterCompletions(completion, context)], activateOnTyping: true }),
    hoverTooltip((view, position) => filterHover(view, position, context)),
  ];
}
