// `odata-filter check "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--odata-version <version>] [--json]`:
// prints the canonical form and the typed form of a filter, its literals as OData writes them (or
// the typed tree as JSON); a bad filter exits 2 with every issue.

import { parse } from '../syntax/parse.js';
import { print } from '../syntax/print-filter.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { toJson } from './json.js';
import { ALIAS_HELP, ALIAS_OPTION, aliasesFromOptions } from './alias-option.js';
import { SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';
import { VERSION_HELP, VERSION_OPTION, versionFromOptions } from './version-option.js';

export const checkCommand: Command = {
  name: 'check',
  usage: 'check "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--odata-version <version>] [--json]',
  summary: 'type-check a filter against a schema: print its canonical and typed forms, or every issue',
  maxOperands: 0,
  help: [
    FILTER_HELP,
    SCHEMA_HELP,
    ALIAS_HELP,
    VERSION_HELP,
    '--json                  print the typed tree as JSON (Int64 values as strings)',
  ],
  options: { ...SCHEMA_OPTION, ...ALIAS_OPTION, ...VERSION_OPTION, json: { type: 'boolean' } },
  async run({ filter, values, out }) {
    const loaded = await schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const given = aliasesFromOptions(values);
    if ('usageError' in given) return given;
    const versioned = versionFromOptions(values);
    if ('usageError' in versioned) return versioned;
    const version = versioned.version ?? loaded.version;
    // The checker is loaded by the commands that check, not by `parse` or `--help`.
    const [{ check }, { printTyped }] = await Promise.all([
      import('../types/check.js'),
      import('../types/print-typed.js'),
    ]);
    const typed = check(filter, loaded.schema, { aliases: given.aliases, version });
    if (values.json) out.write(`${toJson(typed.root)}\n`);
    // Literals as the version writes them (a date-time as `2012-01-01T00:00:00.000Z`, not its epoch milliseconds).
    else out.write(`${print(parse(filter), { version })}\n${printTyped(typed, { version: version ?? '4.01' })}\n`);
    return { exitCode: 0 };
  },
};
