// What the page shows of a filter, panel by panel: its canonical text, its typed tree, the SQL of
// each dialect with its parameters, the MongoDB document and the query string. Each panel is
// computed on its own, so a filter one target refuses still shows everywhere else; every failure
// is the panel's text, never an uncaught error.

import { check, formatFilterError, isFilterError, parse, print } from 'odata-filter';
import type { ODataVersion, Schema, TypedFilter } from 'odata-filter';
import { writeQuery } from 'odata-filter/client';
import { compileMongo, toExtendedJson } from 'odata-filter/mongo';
import { compileSql, mysql, postgres, sqlite } from 'odata-filter/sql';
import type { Dialect } from 'odata-filter/sql';
import { element } from './dom.js';
import { showValue } from './show-value.js';
import { jsonCollections, ROW_TABLE } from './sql-storage.js';
import { outlineTyped } from './typed-tree.js';

export interface PanelContent {
  readonly text: string;
  /** The text says why there is no output. */
  readonly failed: boolean;
}

export const PANELS = {
  canonical: 'Canonical text',
  query: 'URL-encoded query',
  typed: 'Typed tree',
  mongo: 'MongoDB document',
  postgres: 'SQL — PostgreSQL',
  sqlite: 'SQL — SQLite',
  mysql: 'SQL — MySQL / MariaDB',
} as const;

export type PanelName = keyof typeof PANELS;

const DIALECTS = { postgres, sqlite, mysql } as const satisfies Record<string, Dialect>;

export interface FilterDescription {
  /** The checked filter, when the text checks against the schema. */
  readonly checked: TypedFilter | undefined;
  /** Why it does not, when it does not. */
  readonly problem: string | undefined;
  readonly panels: Record<PanelName, PanelContent>;
}

const shown = (text: string): PanelContent => ({ text, failed: false });
const failed = (text: string): PanelContent => ({ text, failed: true });

/** A failure as the panel shows it: a FilterError with its caret, anything else by its message. */
export function explain(error: unknown): string {
  if (isFilterError(error)) return formatFilterError(error);
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function attempt(make: () => string): PanelContent {
  try {
    return shown(make());
  } catch (error) {
    return failed(explain(error));
  }
}

/** Every panel's content for a filter text against a schema, read in `version` where one is given. */
export function describeFilter(text: string, schema: Schema, version?: ODataVersion): FilterDescription {
  const options = version === undefined ? {} : { version };
  const query = attempt(
    () => `OData:    ${writeQuery({ filter: text })}\nservice:  ${writeQuery({ filter: text }, 'service')}`,
  );
  if (text.trim() === '') {
    const empty = shown('');
    return {
      checked: undefined,
      problem: undefined,
      panels: { canonical: empty, query, typed: empty, postgres: empty, sqlite: empty, mysql: empty, mongo: empty },
    };
  }
  const canonical = attempt(() => print(parse(text, options), options));
  let checked: TypedFilter;
  try {
    checked = check(text, schema, options);
  } catch (error) {
    const problem = explain(error);
    const notChecked = failed(`The filter does not check against ${schema.name}; see the problems above.`);
    return {
      checked: undefined,
      problem,
      panels: {
        canonical,
        query,
        typed: notChecked,
        postgres: notChecked,
        sqlite: notChecked,
        mysql: notChecked,
        mongo: notChecked,
      },
    };
  }
  const sql = (dialect: Dialect): PanelContent =>
    attempt(() => {
      const { sql, params } = compileSql(checked, { dialect, table: ROW_TABLE, collections: jsonCollections(schema) });
      const list = params.length === 0 ? '(none)' : params.map((p, i) => `  ${i + 1}: ${showValue(p)}`).join('\n');
      return `WHERE ${sql}\n\nparameters:\n${list}`;
    });
  return {
    checked,
    problem: undefined,
    panels: {
      canonical,
      query,
      typed: attempt(() => outlineTyped(checked)),
      postgres: sql(DIALECTS.postgres),
      sqlite: sql(DIALECTS.sqlite),
      mysql: sql(DIALECTS.mysql),
      mongo: attempt(() => toExtendedJson(compileMongo(checked))),
    },
  };
}

export interface OutputPanels {
  show(panels: Record<PanelName, PanelContent>): void;
}

/** The panels in `parent`, one labelled section each, in the order of PANELS. */
export function createOutputPanels(parent: HTMLElement): OutputPanels {
  const bodies = new Map<PanelName, HTMLPreElement>();
  for (const [name, title] of Object.entries(PANELS) as [PanelName, string][]) {
    const body = element('pre', { class: 'panel-body', 'aria-live': 'polite' });
    bodies.set(name, body);
    parent.append(
      element('section', { class: `panel panel-${name}`, 'data-panel': name }, element('h2', {}, title), body),
    );
  }
  return {
    show(panels) {
      for (const [name, body] of bodies) {
        const content = panels[name];
        body.textContent = content.text;
        body.classList.toggle('failed', content.failed);
      }
    },
  };
}
