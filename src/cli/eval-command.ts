// `odata-filter eval "<filter>" --schema <name-or-file> [file | -] [--alias <name>=<value>]... [--now <date-time>] [--odata-version <version>]
// [--max-json-length <n>]`: the rows of a JSON array or of JSON lines (a file or stdin) that
// match, as JSON lines, each in its own source text. JSON lines are streamed line by line, so memory stays constant; a bad line (or
// array element) is reported with its number and skipped (exit code 1). A JSON line, or a whole
// JSON array, longer than --max-json-length characters is bad input too, reported without being
// read into memory. Numbers are read exactly (see json-rows.ts).

import { constants } from 'node:buffer';
import { open } from 'node:fs/promises';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { arrayElements, compactJson, JsonSyntaxError, parseJsonExact, rowReader } from './json-rows.js';
import { ALIAS_HELP, ALIAS_OPTION, aliasesFromOptions } from './alias-option.js';
import { VERSION_HELP, VERSION_OPTION, versionFromOptions } from './version-option.js';
import { clockFromOptions, NOW_HELP, NOW_OPTION } from './now-option.js';
import { SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';
import { readLines } from './read-lines.js';

const PROGRESS_EVERY = 100_000;

/** The longest string the engine builds (2^29 - 24 UTF-16 units in Node 20's V8): no JSON text read whole can be longer. */
const LONGEST_STRING = constants.MAX_STRING_LENGTH;
/** The default bound on a JSON line or a whole JSON array, in characters (256 Mi). */
const DEFAULT_MAX_JSON_LENGTH = 268_435_456;

/** The --max-json-length value, or a usage error. */
function maxJsonLength(value: unknown): number | { readonly usageError: string } {
  if (value === undefined) return DEFAULT_MAX_JSON_LENGTH;
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= LONGEST_STRING))
    return {
      usageError: `--max-json-length must be a whole number from 1 to ${LONGEST_STRING}, not '${String(value)}'`,
    };
  return n;
}

export const evalCommand: Command = {
  name: 'eval',
  usage:
    'eval "<filter>" --schema <name-or-file> [file | -] [--alias <name>=<value>]... [--now <date-time>] [--odata-version <version>] [--max-json-length <n>]',
  summary: 'print the rows of a JSON array or JSON lines (file or stdin) that match a filter, as JSON lines',
  maxOperands: 1,
  help: [
    FILTER_HELP,
    SCHEMA_HELP,
    'file                    JSON lines or a JSON array; stdin when left out or -',
    ALIAS_HELP,
    NOW_HELP,
    VERSION_HELP,
    `--max-json-length <n>   the most characters in a JSON line, or in a whole JSON array (default ${DEFAULT_MAX_JSON_LENGTH})`,
  ],
  options: {
    ...SCHEMA_OPTION,
    ...ALIAS_OPTION,
    ...NOW_OPTION,
    ...VERSION_OPTION,
    'max-json-length': { type: 'string' },
  },
  async run({ filter, filterFromStdin, operands, values, out, err, stdin }) {
    const [file] = operands;
    const fromStdin = file === undefined || file === '-';
    if (fromStdin && filterFromStdin)
      return { usageError: 'the filter and the rows cannot both come from stdin: give the rows as a file' };
    const maxLength = maxJsonLength(values['max-json-length']);
    if (typeof maxLength !== 'number') return maxLength;
    const loaded = await schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const given = aliasesFromOptions(values);
    if ('usageError' in given) return given;
    const versioned = versionFromOptions(values);
    if ('usageError' in versioned) return versioned;
    const now = clockFromOptions(values);
    if ('usageError' in now) return now;
    // The checker and the backend are loaded by the command that runs them, not by `parse` or `--help`.
    const [{ check }, { RowValueError, compilePredicate }] = await Promise.all([
      import('../types/check.js'),
      import('../backends/memory/index.js'),
    ]);
    const matches = compilePredicate(
      check(filter, loaded.schema, { aliases: given.aliases, version: versioned.version ?? loaded.version }),
      now,
    );
    const read = rowReader(loaded.schema);
    let input: NodeJS.ReadableStream = stdin;
    if (!fromStdin) {
      try {
        input = (await open(file, 'r')).createReadStream();
      } catch (error) {
        return { usageError: `cannot read ${file}: ${(error as Error).message}` };
      }
    }
    const showProgress = (err as { isTTY?: boolean }).isTTY === true;
    const tooLong = `longer than ${maxLength} characters (--max-json-length)`;

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

    let arrayText: string[] | undefined;
    let arrayLength = 0;
    let arrayLine = 0;
    try {
      for await (const line of readLines(input, maxLength)) {
        if (arrayText) {
          // The array is read whole: its lines and the line breaks that join them.
          arrayLength += 1 + ('text' in line ? line.text.length : maxLength);
          if ('tooLong' in line || arrayLength > maxLength) {
            report(`line ${arrayLine}`, `the JSON array is ${tooLong}`);
            return { exitCode: 1 };
          }
          arrayText.push(line.text);
          continue;
        }
        if ('tooLong' in line) {
          seen++;
          report(`line ${line.number}`, tooLong);
          continue;
        }
        const trimmed = line.text.trim();
        if (trimmed === '') continue;
        if (seen === 0 && trimmed.startsWith('[')) {
          // A JSON array is read whole; JSON lines are streamed.
          arrayText = [line.text];
          arrayLength = line.text.length;
          arrayLine = line.number;
          continue;
        }
        seen++;
        if (showProgress && seen % PROGRESS_EVERY === 0) err.write(`\r${seen} rows…`);
        await evaluate(trimmed, `line ${line.number}`, () => trimmed);
      }
    } catch (error) {
      // The file could be opened but not read (a directory, an I/O error).
      if (!fromStdin && typeof (error as { code?: unknown }).code === 'string') {
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
