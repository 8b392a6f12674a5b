// `odata-filter parse "<filter>" [--odata-version <version>] [--json]`: prints the canonical form
// (in the forms of the version given), or the tree as JSON.

import { parse } from '../syntax/parse.js';
import { print } from '../syntax/print-filter.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { toJson } from './json.js';
import { VERSION_HELP, VERSION_OPTION, versionFromOptions } from './version-option.js';

export const parseCommand: Command = {
  name: 'parse',
  usage: 'parse "<filter>" [--odata-version <version>] [--json]',
  summary: 'print the canonical form of a filter, or its syntax tree with --json',
  maxOperands: 0,
  help: [FILTER_HELP, VERSION_HELP, '--json                  print the syntax tree as JSON (Int64 values as strings)'],
  options: { ...VERSION_OPTION, json: { type: 'boolean' } },
  run({ filter, values, out }) {
    const given = versionFromOptions(values);
    if ('usageError' in given) return given;
    const tree = parse(filter);
    // Printed for the version even for --json: what the version cannot express is refused either way.
    const canonical = print(tree, { version: given.version });
    out.write(values.json ? `${toJson(tree)}\n` : `${canonical}\n`);
    return { exitCode: 0 };
  },
};
