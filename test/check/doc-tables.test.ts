// The function table (docs/language.md) and the type issue table (docs/errors.md) are held to the
// code, so they cannot drift.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, ISSUE_CODES } from '../../src/index.js';
import { FUNCTION_DOCS } from '../../src/client/editor/function-docs.js';

const language = readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8');
const errors = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

function tableAfter(doc: string, header: string): string[] {
  const start = doc.indexOf(header);
  expect(start).toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of doc.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}

describe('the tables of docs/', () => {
  it('lists every function with exactly its overloads and summary', () => {
    const expected = FUNCTIONS.map(
      (f) =>
        `| \`${f.name}\` | ${f.overloads.map((o) => `\`(${o.params.join(', ')}) → ${o.returns}\``).join('<br>')} | ${FUNCTION_DOCS[f.name].summary} |`,
    );
    expect(tableAfter(language, '| function | overloads | meaning |')).toEqual(expected);
  });

  it('lists every issue code with its description', () => {
    const expected = Object.entries(ISSUE_CODES).map(([code, when]) => `| \`${code}\` | ${when} |`);
    expect(tableAfter(errors, '| issue code | when |')).toEqual(expected);
  });
});
