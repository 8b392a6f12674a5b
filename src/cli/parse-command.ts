// `odata-filter parse "<filter>" [--json]`: prints the canonical form, or the tree as JSON.

import { parse } from '../parse.js';
import { print } from '../print.js';
import type { Command } from './command.js';
import { toJson } from './json.js';

export const parseCommand: Command = {
  name: 'parse',
  usage: 'parse "<filter>" [--json]',
  summary: 'print the canonical form of a filter, or its syntax tree with --json',
  options: { json: { type: 'boolean' } },
  run({ positionals, values, out }) {
    const text = positionals[0];
    if (text === undefined) return { usageError: 'parse needs a filter' };
    const tree = parse(text);
    out.write(values['json'] ? `${toJson(tree)}\n` : `${print(tree)}\n`);
    return { exitCode: 0 };
  },
};
