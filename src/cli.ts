#!/usr/bin/env node
// The `odata-filter` command: dispatches to one subcommand per file in src/cli/. A bad filter is
// printed with a caret line on stderr and exits 2; a usage error (stray arguments included) exits
// 64; a closed output ends the command quietly with 0.

import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isFilterError, formatFilterError } from './errors.js';
import { DEFAULT_LIMITS } from './syntax/limits.js';
import type { Command } from './cli/command.js';
import { parseCommand } from './cli/parse-command.js';
import { checkCommand } from './cli/check-command.js';
import { evalCommand } from './cli/eval-command.js';
import { sqlCommand } from './cli/sql-command.js';
import { mongoCommand } from './cli/mongo-command.js';
import { readFilter } from './cli/read-filter.js';

// In pipeline order, which is also the order of the help text.
const COMMANDS: readonly Command[] = [parseCommand, checkCommand, evalCommand, sqlCommand, mongoCommand];

const EXIT_BAD_FILTER = 2;
const EXIT_USAGE = 64;

const DASH_HINT = "A filter that starts with '-' goes after '--', as in: odata-filter parse -- \"-5 lt Price\"";

function help(): string {
  const lines = COMMANDS.map((c) => `  odata-filter ${c.usage}\n      ${c.summary}`);
  const more = [
    '  odata-filter <command> --help\n      the arguments and options of a command',
    '  odata-filter --version\n      print the version',
  ];
  return `Usage:\n${[...lines, ...more].join('\n')}\n${DASH_HINT}\n`;
}

function commandHelp(command: Command): string {
  const lines = [...command.help, '-h, --help              print this help'].map(
    (line) => `  ${line.replaceAll('\n', '\n  ')}`,
  );
  return `Usage: odata-filter ${command.usage}\n${command.summary}\n\n${lines.join('\n')}\n${DASH_HINT}\n`;
}

/** The package's version, from the package.json beside src/ or dist/. */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** A text as one shell argument in double quotes, what the shell would expand escaped. */
const shellQuoted = (text: string): string => `"${text.replace(/["\\$`]/g, '\\$&')}"`;

/** Arguments beyond what a command takes: most often a filter the shell split at its spaces. */
function strayArguments(command: Command, positionals: readonly string[]): string {
  const takes =
    command.maxOperands === 0
      ? 'one argument, the filter'
      : `at most ${command.maxOperands + 1} arguments, the filter and a file`;
  const quoted = shellQuoted(positionals.join(' '));
  const example =
    command.maxOperands === 0
      ? `odata-filter ${command.name} ${quoted}`
      : `odata-filter ${command.name} "Capacity gt 50" rooms.jsonl --schema VenueRoom`;
  return `${command.name} takes ${takes}, but was given ${positionals.length}: ${positionals.join(' ')}\nQuote a filter that has spaces, so that it is one argument, as in: ${example}`;
}

/**
 * The first argument parseArgs reads as short options that is none (`-5 lt Price`): a filter
 * that starts with '-', whatever its quotes. Undefined when there is none (`--shema`, a typo).
 */
function dashedFilter(args: readonly string[]): string | undefined {
  const end = args.indexOf('--');
  // `-x` alone may be a short option mistyped; a filter is longer.
  return (end < 0 ? args : args.slice(0, end)).find((arg) => /^-[^-]./.test(arg));
}

/** The usage error of a filter that starts with '-': where to put it instead, in the command's own words. */
function dashedFilterError(command: Command, filter: string): string {
  return [
    `The filter ${shellQuoted(filter)} starts with '-', which reads as an option.`,
    `Put it after '--' (the options before it), as in: odata-filter ${command.name} -- ${shellQuoted(filter)}`,
    `or in parentheses, which do not change it: odata-filter ${command.name} ${shellQuoted(`(${filter})`)}`,
  ].join('\n');
}

export async function main(
  argv: readonly string[],
  io = { out: process.stdout, err: process.stderr, stdin: process.stdin },
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out).write(help());
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '--version') {
    io.out.write(`${version()}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err.write(`Unknown command '${name}'.\n${help()}`);
    return EXIT_USAGE;
  }
  const usage = (message: string): number => {
    io.err.write(`${message}\nUsage: odata-filter ${command.usage}\n`);
    return EXIT_USAGE;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const unknownOption = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    // parseArgs names only the first letters of such a filter, in a suggestion whose quotes do not balance.
    const dashed = unknownOption ? dashedFilter(rest) : undefined;
    if (dashed !== undefined) return usage(dashedFilterError(command, dashed));
    return usage(`${(error as Error).message}${unknownOption ? `\n${DASH_HINT}` : ''}`);
  }
  if (parsed.values.help) {
    io.out.write(commandHelp(command));
    return 0;
  }
  const [first, ...operands] = parsed.positionals;
  if (first === undefined) return usage(`${name} needs a filter`);
  if (operands.length > command.maxOperands) return usage(strayArguments(command, parsed.positionals));
  let filter = first;
  if (first === '-') {
    const reading = await readFilter(io.stdin);
    if ('tooLong' in reading) {
      io.err.write(
        `The filter on stdin has more than ${reading.tooLong} characters; a filter has at most ${DEFAULT_LIMITS.maxLength}\n`,
      );
      return EXIT_BAD_FILTER;
    }
    filter = reading.filter;
  }
  try {
    const result = await command.run({
      filter,
      filterFromStdin: first === '-',
      operands,
      values: parsed.values,
      ...io,
    });
    if ('usageError' in result) return usage(result.usageError);
    return result.exitCode;
  } catch (error) {
    if (isFilterError(error)) {
      io.err.write(`${formatFilterError(error)}\n`);
      return EXIT_BAD_FILTER;
    }
    throw error;
  }
}

/**
 * Whether this module is the script node was started with, under any name: through a bin symlink
 * (npm's `node_modules/.bin/odata-filter`, or any other link) as well as `node dist/cli.js`.
 */
function isMainModule(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * A reader that stops early (`odata-filter eval … | head -1`) closes stdout, and the next write
 * fails with EPIPE: like other Unix tools, the command then ends quietly, with status 0, since
 * everything that was wanted has been read. Any other write error ends it with its message.
 */
function endOnClosedOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`odata-filter: cannot write the output: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? 0 : 1);
  });
  // With stderr closed too (`2>&1 | head -1`), messages are dropped and the exit status kept.
  process.stderr.on('error', () => undefined);
}

// Run only when executed, not when imported by the tests.
if (isMainModule()) {
  endOnClosedOutput();
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
