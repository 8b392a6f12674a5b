// What the editor knows of the filter language: its diagnostics, its completions and its hover
// information, each read against the schema picked at the time — the package's editor kit
// (`diagnose`, `complete`, `hover` from odata-filter/client) adapted to CodeMirror.

import { autocompletion, startCompletion } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { linter } from '@codemirror/lint';
import type { Action, Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import type { EditorView, Tooltip } from '@codemirror/view';
import { complete, diagnose, hover } from 'odata-filter/client';
import type { CompletionKind, Fix } from 'odata-filter/client';
import type { ODataVersion, Schema } from 'odata-filter';

/** What the sources read when they run: the schema the filter is written against, if any, and its OData version. */
export interface FilterContext {
  readonly schema: () => Schema | undefined;
  readonly version: () => ODataVersion | undefined;
}

/** The editor kit's options for the context: its OData version, where it names one. */
function optionsOf(context: FilterContext): { readonly version?: ODataVersion } {
  const version = context.version();
  return version === undefined ? {} : { version };
}

/** The problems of the filter text (diagnose()), each at its range, with its fixes as actions. */
export function filterDiagnostics(text: string, context: FilterContext): Diagnostic[] {
  const schema = context.schema();
  if (schema === undefined || text.trim() === '') return [];
  return diagnose(text, schema, optionsOf(context)).map((problem) => ({
    from: problem.start,
    to: problem.end,
    severity: 'error',
    source: problem.code,
    message: problem.message,
    actions: problem.fixes.map((fix) => fixAction(fix, problem.start)),
  }));
}

/**
 * A fix as a quick-fix action. CodeMirror gives the diagnostic's start as it is now (the text may
 * have changed since the check), so the fix is placed relative to it.
 */
function fixAction(fix: Fix, diagnosticStart: number): Action {
  return {
    name: fix.title,
    apply: (view, from) => {
      const start = from + (fix.start - diagnosticStart);
      const end = start + (fix.end - fix.start);
      view.dispatch({
        changes: { from: start, to: end, insert: fix.insert },
        selection: { anchor: start + fix.insert.length },
      });
    },
  };
}

/** CodeMirror's icon for each kind of item. */
const ICONS: Record<CompletionKind, string> = {
  property: 'property',
  navigation: 'namespace',
  collection: 'namespace',
  variable: 'variable',
  lambda: 'method',
  function: 'function',
  operator: 'keyword',
  keyword: 'keyword',
  literal: 'constant',
  type: 'type',
};

/** The completions at the cursor (complete()); after a `/`, `(` or `: ` is inserted, the next list opens. */
export function filterCompletions(completion: CompletionContext, context: FilterContext): CompletionResult | null {
  const schema = context.schema();
  if (schema === undefined) return null;
  // Opened by typing: only within or after a word, a `/` or a space; always when asked for.
  if (!completion.explicit && completion.matchBefore(/[\w$./]$|[ (,:]$/) === null) return null;
  const text = completion.state.doc.toString();
  const { from, to, items } = complete(text, completion.pos, schema, optionsOf(context));
  if (items.length === 0) return null;
  const options: Completion[] = items.map((item, rank) => ({
    label: item.label,
    detail: item.detail,
    info: item.info,
    type: ICONS[item.kind],
    boost: -rank / items.length,
    // CodeMirror gives the range as it is now; the word's rest after the cursor is replaced too.
    apply: (view: EditorView, _completion: Completion, start: number, end: number) => {
      const wordEnd = end + (to - completion.pos);
      view.dispatch({
        changes: { from: start, to: wordEnd, insert: item.insert },
        selection: { anchor: start + item.insert.length },
      });
      if (/[/(]$|: $/.test(item.insert)) startCompletion(view);
    },
  }));
  // CodeMirror narrows the list by the text from `from` to `to`: the part of the word before the
  // cursor. Applying an item replaces the whole word (complete()'s range), as the closure above does.
  return { from, to: completion.pos, options, filter: true };
}

/** What hovering a position of the filter shows (hover()): the node's text, its type and what it is. */
export function filterHover(view: EditorView, position: number, context: FilterContext): Tooltip | null {
  const schema = context.schema();
  if (schema === undefined) return null;
  const found = hover(view.state.doc.toString(), position, schema, optionsOf(context));
  if (found === undefined) return null;
  return {
    pos: found.start,
    end: found.end,
    above: true,
    create: () => {
      const dom = document.createElement('div');
      dom.className = 'hover-info';
      dom.textContent = found.description;
      return { dom };
    },
  };
}

/** The editor extensions of the language: live diagnostics, completions and hover, all against `context`. */
export function filterLanguage(context: FilterContext): Extension {
  return [
    linter((view) => filterDiagnostics(view.state.doc.toString(), context), { delay: 150 }),
    autocompletion({ override: [(completion) => filterCompletions(completion, context)], activateOnTyping: true }),
    hoverTooltip((view, position) => filterHover(view, position, context)),
  ];
}
