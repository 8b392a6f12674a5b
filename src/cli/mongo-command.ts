// `odata-filter mongo "<filter>" --schema <name-or-file>`: prints the MongoDB query document as
// Extended JSON (dates, Int64 and Decimal128 values in their `$date`/`$numberLong`/`$numberDecimal` forms).

import { compileMongo, toExtendedJson } from '../backends/mongo/index.js';
import { DecimalText } from '../backends/mongo/extended-json.js';
import { check } from '../types/check.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

export const mongoCommand: Command = {
  name: 'mongo',
  usage: 'mongo "<filter>" --schema <name-or-file>',
  summary: 'print the MongoDB query document of a filter as Extended JSON',
  maxOperands: 0,
  help: [FILTER_HELP, SCHEMA_HELP],
  options: { ...SCHEMA_OPTION },
  run({ filter, values, out }) {
    const loaded = schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const document = compileMongo(check(filter, loaded.schema), { decimal: (s) => new DecimalText(s) });
    out.write(`${toExtendedJson(document)}\n`);
    return { exitCode: 0 };
  },
};
