// `odata-filter eval "<filter>" --schema <name-or-file> [file]`: the rows of a JSON array or of
// JSON lines (a file or stdin) that match, as JSON lines, each in its own source text. JSON lines
// are streamed line by line, so memory stays constant; a bad line (or array element) is reported
// with its number and skipped (exit code 1). Numbers are read exactly (see json-rows.ts).

import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { check } from '../check.js';
import { compilePredicate, RowValueError } from '../backends/memory/index.js';
import type { Command } from './command.js';
import { arrayElements, compactJson, JsonSyntaxError, parseJsonExact, rowReader } from './json-rows.js';
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
    const read = rowReader(loaded.schema);
    let input: NodeJS.ReadableStream = stdin;
    if (file !== undefined) {
      try {
        input = (await open(file, 'r')).createReadStream({ encoding: 'utf8' });
      } catch (error) {
        return { usageError: `cannot read ${file}: ${(error as Error).message}` };
      }
    }
    const showProgress = (err as { isTTY?: boolean }).isTTY === true;

    let bad = 0;
    let seen = 0;
    const report = (where: string, message: string): void => {
      bad++;
      err.write(`${where}: ${message}\n`);
    };
    /** Evaluates one row's text; echoes `echo` when the row matches. */
    const evaluate = async (rowText: string, where: string, echo: () => string): Promise<void> => {
      const reading = read(rowText);
      if ('problem' in reading) return report(where, reading.problem);
      try {
        if (!matches(reading.row)) return;
      } catch (error) {
        if (error instanceof RowValueError) return report(where, error.message);
        throw error;
      }
      if (!out.write(`${echo()}\n`)) await new Promise((resolve) => out.once('drain', resolve));
    };

    const lines = createInterface({ input, crlfDelay: Infinity });
    let lineNumber = 0;
    let arrayText: string[] | undefined;
    let arrayLine = 0;
    try {
      for await (const line of lines) {
        lineNumber++;
        if (arrayText) {
          arrayText.push(line);
          continue;
        }
        const trimmed = line.trim();
        if (trimmed === '') continue;
        if (seen === 0 && trimmed.startsWith('[')) {
          // A JSON array is read whole; JSON lines are streamed.
          arrayText = [line];
          arrayLine = lineNumber;
          continue;
        }
        seen++;
        if (showProgress && seen % PROGRESS_EVERY === 0) err.write(`\r${seen} rows…`);
        await evaluate(trimmed, `line ${lineNumber}`, () => trimmed);
      }
    } catch (error) {
      // The file could be opened but not read (a directory, an I/O error).
      if (file !== undefined && typeof (error as { code?: unknown }).code === 'string') {
        return { usageError: `cannot read ${file}: ${(error as Error).message}` };
      }
      throw error;
    }
    if (arrayText) {
      const whole = arrayText.join('\n');
      try {
        JSON.parse(whole);
      } catch (error) {
        report(arrayPosition(whole, arrayLine), `not JSON: ${(error as Error).message}`);
        return { exitCode: 1 };
      }
      const elements = arrayElements(whole);
      for (let i = 0; i < elements.length; i++) {
        const element = elements[i]!;
        await evaluate(element, `element ${i + 1}`, () => compactJson(element));
      }
    }
    if (showProgress && seen >= PROGRESS_EVERY) err.write('\n');
    return { exitCode: bad > 0 ? 1 : 0 };
  },
};

/** `line L, column C` of the first problem in invalid JSON text that starts on line `firstLine`. */
function arrayPosition(text: string, firstLine: number): string {
  let position: number;
  try {
    parseJsonExact(text);
    return `line ${firstLine}`;
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) return `line ${firstLine}`;
    position = error.position;
  }
  const before = text.slice(0, position);
  const newlines = before.split('\n').length - 1;
  const column = position - (before.lastIndexOf('\n') + 1) + 1;
  return `line ${firstLine + newlines}, column ${column}`;
}
