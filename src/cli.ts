#!/usr/bin/env node
// The `odata-filter` command: dispatches to one subcommand per file in src/cli/. A bad filter is
// printed with a caret line on stderr and exits 2; a usage error exits 64.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isFilterError, formatFilterError } from './errors.js';
import type { Command } from './cli/command.js';
import { parseCommand } from './cli/parse-command.js';
import { checkCommand } from './cli/check-command.js';
import { evalCommand } from './cli/eval-command.js';
import { sqlCommand } from './cli/sql-command.js';
import { mongoCommand } from './cli/mongo-command.js';

// In pipeline order, which is also the order of the help text.
const COMMANDS: readonly Command[] = [parseCommand, checkCommand, evalCommand, sqlCommand, mongoCommand];

const EXIT_BAD_FILTER = 2;
const EXIT_USAGE = 64;

const DASH_HINT = 'A filter that starts with \'-\' goes after \'--\', as in: odata-filter parse -- "-5 lt Price"';

function help(): string {
  const lines = COMMANDS.map((c) => `  odata-filter ${c.usage}\n      ${c.summary}`);
  return `Usage:\n${lines.join('\n')}\n${DASH_HINT}\n`;
}

export async function main(argv: readonly string[], io = { out: process.stdout, err: process.stderr, stdin: process.stdin }): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.err : io.out).write(help());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err.write(`Unknown command '${name}'.\n${help()}`);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    const unknownOption = (error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    io.err.write(`${(error as Error).message}\n${unknownOption ? `${DASH_HINT}\n` : ''}Usage: odata-filter ${command.usage}\n`);
    return EXIT_USAGE;
  }
  try {
    const result = await command.run({ positionals: parsed.positionals, values: parsed.values, ...io });
    if ('usageError' in result) {
      io.err.write(`${result.usageError}\nUsage: odata-filter ${command.usage}\n`);
      return EXIT_USAGE;
    }
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

// Run only when executed, not when imported by the tests.
if (isMainModule()) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
