// `odata-filter eval "<filter>" --schema <name-or-file> [file]`: the rows of a JSON array or of
// JSON lines (a file or stdin) that match, as JSON lines. JSON lines are streamed line by line, so
// memory stays constant; a bad line is reported with its number and skipped (exit code 1).

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { check } from '../check.js';
import { compilePredicate, RowValueError } from '../backends/memory/index.js';
import type { Command } from './command.js';
import { SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

const PROGRESS_EVERY = 100_000;

export const evalCommand: Command = {
  name: 'eval',
  usage: 'eval "<filter>" --schema <name-or-file> [file]',
  summary: 'print the rows of a JSON array or JSON lines (file or stdin) that match a filter, as JSON lines',
  options: { ...SCHEMA_OPTION },
  async run({ positionals, values, out, err, stdin }) {
    const [text, file] = positionals;
    if (text === undefined) return { usageError: 'eval needs a filter' };
    const loaded = schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const matches = compilePredicate(check(text, loaded.schema));
    const input = file === undefined ? stdin : createReadStream(file, 'utf8');
    const showProgress = (err as { isTTY?: boolean }).isTTY === true;

    let bad = 0;
    let seen = 0;
    const report = (line: number, message: string): void => {
      bad++;
      err.write(`line ${line}: ${message}\n`);
    };
    const emit = async (row: unknown, line: number): Promise<void> => {
      try {
        if (!matches(row)) return;
      } catch (error) {
        if (error instanceof RowValueError) return report(line, error.message);
        throw error;
      }
      if (!out.write(`${JSON.stringify(row)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
    };

    const lines = createInterface({ input, crlfDelay: Infinity });
    let lineNumber = 0;
    let arrayText: string[] | undefined;
    for await (const line of lines) {
      lineNumber++;
      if (arrayText) {
        arrayText.push(line);
        continue;
      }
      const trimmed = line.trim();
      if (trimmed === '') continue;
      if (lineNumber === 1 || seen === 0) {
        // A JSON array is read whole; JSON lines are streamed.
        if (trimmed.startsWith('[')) {
          arrayText = [line];
          continue;
        }
      }
      seen++;
      if (showProgress && seen % PROGRESS_EVERY === 0) err.write(`\r${seen} rows…`);
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch (error) {
        report(lineNumber, `not JSON: ${(error as Error).message}`);
        continue;
      }
      await emit(row, lineNumber);
    }
    if (arrayText) {
      let rows: unknown;
      try {
        rows = JSON.parse(arrayText.join('\n'));
      } catch (error) {
        report(1, `not a JSON array: ${(error as Error).message}`);
        return { exitCode: 1 };
      }
      if (!Array.isArray(rows)) return { exitCode: (report(1, 'not a JSON array'), 1) };
      for (let i = 0; i < rows.length; i++) await emit(rows[i], i + 1);
    }
    if (showProgress && seen >= PROGRESS_EVERY) err.write('\n');
    return { exitCode: bad > 0 ? 1 : 0 };
  },
};
