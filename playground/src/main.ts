// The playground page: a schema picked or pasted, a filter typed against it, and what the package
// makes of the filter, recomputed shortly after each change. Everything runs in the page.

import type { EditorView } from '@codemirror/view';
import { element } from './dom.js';
import { createFilterEditor } from './editor.js';
import type { EditorDiagnostic } from './editor.js';
import { exampleFilter } from './examples.js';
import { generateRows } from './generated-rows.js';
import { createOutputPanels, describeFilter, explain } from './outputs.js';
import { createSampleTable, matchRows } from './sample-rows.js';
import { SAMPLE_ROWS } from './samples.js';
import type { SampleRow } from './samples.js';
import { createSchemaPicker } from './schema-picker.js';
import type { SchemaChoice } from './schema-picker.js';

/** How long typing must pause before the panels are recomputed. */
const OUTPUT_DELAY_MS = 120;

function byId(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`The page has no #${id}`);
  return found;
}

const failure = byId('failure');
const problems = byId('problems');
const outputs = byId('outputs');

const rowsOf = (choice: SchemaChoice): readonly SampleRow[] =>
  choice.pasted ? generateRows(choice.schema) : (SAMPLE_ROWS.get(choice.schema.name) ?? generateRows(choice.schema));

const picker = createSchemaPicker(byId('schema'), (choice) => {
  rows = rowsOf(choice);
  editor.setText(exampleFilter(choice.schema));
  editor.relint();
  update();
});
let rows = rowsOf(picker.current());

const editor = createFilterEditor({
  parent: byId('editor'),
  context: { schema: () => picker.current().schema, version: () => picker.current().version },
  onText: () => scheduleUpdate(),
  onDiagnostics: showProblems,
});
const panels = createOutputPanels(outputs);
const table = createSampleTable(byId('sample'));

let pending: ReturnType<typeof setTimeout> | undefined;
function scheduleUpdate(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(update, OUTPUT_DELAY_MS);
}

function update(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = undefined;
  try {
    const text = editor.text();
    const { schema, version } = picker.current();
    const description = describeFilter(text, schema, version);
    panels.show(description.panels);
    table.show(
      schema,
      rows,
      description.checked === undefined
        ? {
            unchecked:
              text.trim() === ''
                ? 'Type a filter to see the rows it matches.'
                : 'The filter does not check, so no row is matched.',
          }
        : matchRows(description.checked, rows),
    );
    // What the panels show now, for anyone (a test, a screenshot) waiting for them to catch up.
    outputs.dataset.filter = text;
    outputs.dataset.schema = schema.name;
    failure.hidden = true;
  } catch (error) {
    failure.hidden = false;
    failure.textContent = `The page failed to update: ${explain(error)}`;
  }
}

function showProblems(found: readonly EditorDiagnostic[], view: EditorView): void {
  problems.replaceChildren(
    ...found.map(({ diagnostic, from, to }) => {
      const fixes = (diagnostic.actions ?? []).map((action) => {
        const button = element('button', { type: 'button', class: 'fix' }, action.name);
        button.addEventListener('click', () => action.apply(view, from, to));
        return button;
      });
      const where = element('span', { class: 'where' }, `${from}–${to}`);
      const code = element('code', { class: 'code' }, diagnostic.source ?? 'error');
      return element('li', {}, where, code, element('span', { class: 'message' }, diagnostic.message), ...fixes);
    }),
  );
  problems.classList.toggle('none', found.length === 0);
}

editor.setText(exampleFilter(picker.current().schema));
update();
