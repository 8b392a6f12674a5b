// `odata-filter check "<filter>" --schema <name-or-file> [--json]`: prints the canonical form and
// the typed form of a filter (or the typed tree as JSON); a bad filter exits 2 with every issue.

import { check } from '../check.js';
import { parse } from '../parse.js';
import { print } from '../print.js';
import { printTyped } from '../print-typed.js';
import type { Command } from './command.js';
import { toJson } from './json.js';
import { SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

export const checkCommand: Command = {
  name: 'check',
  usage: 'check "<filter>" --schema <name-or-file> [--json]',
  summary: 'type-check a filter against a schema: print its canonical and typed forms, or every issue',
  options: { ...SCHEMA_OPTION, json: { type: 'boolean' } },
  run({ positionals, values, out }) {
    const text = positionals[0];
    if (text === undefined) return { usageError: 'check needs a filter' };
    const loaded = schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const typed = check(text, loaded.schema);
    if (values['json']) out.write(`${toJson(typed.root)}\n`);
    else out.write(`${print(parse(text))}\n${printTyped(typed)}\n`);
    return { exitCode: 0 };
  },
};
