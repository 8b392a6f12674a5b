// `odata-filter mongo "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--now <date-time>] [--odata-version <version>]`: prints the
// MongoDB query document as Extended JSON (dates, Int64 and Decimal128 values in their
// `$date`/`$numberLong`/`$numberDecimal` forms).

import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { ALIAS_HELP, ALIAS_OPTION, aliasesFromOptions } from './alias-option.js';
import { VERSION_HELP, VERSION_OPTION, versionFromOptions } from './version-option.js';
import { clockFromOptions, NOW_HELP, NOW_OPTION } from './now-option.js';
import { SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

export const mongoCommand: Command = {
  name: 'mongo',
  usage:
    'mongo "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--now <date-time>] [--odata-version <version>]',
  summary: 'print the MongoDB query document of a filter as Extended JSON',
  maxOperands: 0,
  help: [FILTER_HELP, SCHEMA_HELP, ALIAS_HELP, NOW_HELP, VERSION_HELP],
  options: { ...SCHEMA_OPTION, ...ALIAS_OPTION, ...NOW_OPTION, ...VERSION_OPTION },
  async run({ filter, values, out }) {
    const loaded = await schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const given = aliasesFromOptions(values);
    if ('usageError' in given) return given;
    const versioned = versionFromOptions(values);
    if ('usageError' in versioned) return versioned;
    const now = clockFromOptions(values);
    if ('usageError' in now) return now;
    // The checker and the backend are loaded by the command that runs them, not by `parse` or `--help`.
    const [{ check }, { compileMongo, toExtendedJson }, { DecimalText }] = await Promise.all([
      import('../types/check.js'),
      import('../backends/mongo/index.js'),
      import('../backends/mongo/extended-json.js'),
    ]);
    const document = compileMongo(
      check(filter, loaded.schema, { aliases: given.aliases, version: versioned.version ?? loaded.version }),
      { decimal: (s) => new DecimalText(s), ...now },
    );
    out.write(`${toExtendedJson(document)}\n`);
    return { exitCode: 0 };
  },
};
