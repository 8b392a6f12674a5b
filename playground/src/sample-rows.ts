// The sample table and the rows of it that the filter matches, computed in the page by the
// memory backend (the reference every other target is held to). A row value the predicate
// refuses (RowValueError) or a filter it cannot compile is reported in place of the rows.

import type { Schema, TypedFilter } from 'odata-filter';
import { compilePredicate } from 'odata-filter/memory';
import { element } from './dom.js';
import { explain } from './outputs.js';
import type { SampleRow } from './samples.js';
import { showValue } from './show-value.js';

export type RowMatches = { readonly matching: readonly SampleRow[] } | { readonly problem: string };

/** The rows the filter matches, in table order. */
export function matchRows(filter: TypedFilter, rows: readonly SampleRow[]): RowMatches {
  try {
    const matches = compilePredicate(filter);
    return { matching: rows.filter((row) => matches(row)) };
  } catch (error) {
    return { problem: explain(error) };
  }
}

export interface SampleTable {
  /** Shows the matching rows of `rows`; without a checked filter, the reason, and the whole table. */
  show(schema: Schema, rows: readonly SampleRow[], result: RowMatches | { readonly unchecked: string }): void;
}

export function createSampleTable(parent: HTMLElement): SampleTable {
  const summary = element('p', { class: 'rows-summary', id: 'rows-summary' });
  const table = element('table', { class: 'rows', id: 'rows' });
  const scroller = element('div', { class: 'rows-scroll' }, table);
  parent.append(
    element(
      'section',
      { class: 'panel panel-rows', 'data-panel': 'rows' },
      element('h2', {}, 'Matching sample rows (computed in the page)'),
      summary,
      scroller,
    ),
  );
  return {
    show(schema, rows, result) {
      const columns = [...schema.properties.keys()];
      const head = element('tr', {}, ...columns.map((c) => element('th', { scope: 'col' }, c)));
      let shownRows: readonly SampleRow[];
      summary.classList.toggle('failed', !('matching' in result));
      if ('matching' in result) {
        summary.textContent = `${result.matching.length} of ${rows.length} rows of ${schema.name} match.`;
        shownRows = result.matching;
      } else {
        summary.textContent = 'problem' in result ? result.problem : result.unchecked;
        shownRows = [];
      }
      const body = shownRows.map((row) => element('tr', {}, ...columns.map((c) => cell(row[c]))));
      table.replaceChildren(element('thead', {}, head), element('tbody', {}, ...body));
    },
  };
}

/** Longest text a cell shows of a structure or a collection; the whole value is its tooltip. */
const CELL_LENGTH = 60;

function cell(value: unknown): HTMLTableCellElement {
  if (value === null || value === undefined) return element('td', { class: 'null' }, 'null');
  if (typeof value === 'string') return element('td', {}, value);
  if (typeof value !== 'object' || value instanceof Date) return element('td', {}, showValue(value));
  const full = showValue(value);
  const summary = Array.isArray(value) ? `[${value.length}] ${value.map(brief).join(', ')}` : brief(value);
  return element(
    'td',
    { class: 'structure', title: full },
    summary.length > CELL_LENGTH ? `${summary.slice(0, CELL_LENGTH - 1)}…` : summary,
  );
}

/** A structure's primitive members, `City: Lisboa, Country: Portugal`; an element of a collection the same way. */
function brief(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object' || value instanceof Date) return typeof value === 'string' ? value : showValue(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  return `{${Object.entries(value)
    .filter(([, member]) => member === null || typeof member !== 'object')
    .map(([name, member]) => `${name}: ${brief(member)}`)
    .join(', ')}}`;
}
