// `odata-filter parse "<filter>" [--json]`: prints the canonical form, or the tree as JSON.

import { parse } from '../syntax/parse.js';
import { print } from '../syntax/print.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { toJson } from './json.js';

export const parseCommand: Command = {
  name: 'parse',
  usage: 'parse "<filter>" [--json]',
  summary: 'print the canonical form of a filter, or its syntax tree with --json',
  maxOperands: 0,
  help: [FILTER_HELP, '--json                  print the syntax tree as JSON (Int64 values as strings)'],
  options: { json: { type: 'boolean' } },
  run({ filter, values, out }) {
    const tree = parse(filter);
    out.write(values['json'] ? `${toJson(tree)}\n` : `${print(tree)}\n`);
    return { exitCode: 0 };
  },
};
