// The filter editor: a CodeMirror view with history, the standard keys and the language's
// diagnostics, completions and hover (filter-language.ts). It reports each change of the text and
// of the diagnostics, which the page shows as the list of problems under the editor.

import { completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { forEachDiagnostic, forceLinting, lintKeymap } from '@codemirror/lint';
import type { Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { filterLanguage } from './filter-language.js';
import type { FilterContext } from './filter-language.js';

export interface EditorDiagnostic {
  readonly diagnostic: Diagnostic;
  readonly from: number;
  readonly to: number;
}

export interface FilterEditorOptions {
  readonly parent: HTMLElement;
  readonly context: FilterContext;
  readonly onText: (text: string) => void;
  readonly onDiagnostics: (diagnostics: readonly EditorDiagnostic[], view: EditorView) => void;
}

export interface FilterEditor {
  readonly view: EditorView;
  text(): string;
  /** Replaces the whole text, the cursor at its end. */
  setText(text: string): void;
  /** Lints again now: the schema changed, so the same text may mean something else. */
  relint(): void;
}

export function createFilterEditor(options: FilterEditorOptions): FilterEditor {
  let shownDiagnostics: readonly Diagnostic[] = [];
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      extensions: [
        history(),
        keymap.of([...completionKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          'aria-label': 'Filter',
          spellcheck: 'false',
          autocapitalize: 'off',
          autocorrect: 'off',
        }),
        placeholder("Type a filter, e.g. Status eq 'Active'"),
        filterLanguage(options.context),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onText(update.state.doc.toString());
          const found: EditorDiagnostic[] = [];
          forEachDiagnostic(update.state, (diagnostic, from, to) => found.push({ diagnostic, from, to }));
          // The linter replaces its set when it runs; only a new set (or new positions) is shown again.
          const same =
            found.length === shownDiagnostics.length && found.every((d, i) => d.diagnostic === shownDiagnostics[i]);
          if (!same || update.docChanged) {
            shownDiagnostics = found.map((d) => d.diagnostic);
            options.onDiagnostics(found, update.view);
          }
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: text.length },
      });
    },
    relint: () => forceLinting(view),
  };
}
