// `odata-filter sql "<filter>" --schema <name-or-file> [--alias <name>=<value>]...
// [--dialect postgres|sqlite|mysql] [--json]`: prints the WHERE expression, then the parameters
// in placeholder order as JSON; or both as one JSON object `{ "sql", "params" }`.

import { check } from '../types/check.js';
import { compileSql, mysql, postgres, sqlite } from '../backends/sql/index.js';
import type { Dialect } from '../backends/sql/index.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { toJson } from './json.js';
import { ALIAS_HELP, ALIAS_OPTION, aliasesFromOptions } from './alias-option.js';
import { SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

const DIALECTS: { readonly [name: string]: Dialect } = { postgres, sqlite, mysql };

export const sqlCommand: Command = {
  name: 'sql',
  usage: 'sql "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--dialect postgres|sqlite|mysql] [--json]',
  summary: 'print the SQL WHERE expression of a filter and its parameters (default dialect: postgres)',
  maxOperands: 0,
  help: [
    FILTER_HELP,
    SCHEMA_HELP,
    ALIAS_HELP,
    '--dialect <name>        postgres (the default), sqlite or mysql (MySQL and MariaDB)',
    '--json                  print one JSON object {"sql": …, "params": […]} (Int64 values as strings)',
  ],
  options: { ...SCHEMA_OPTION, ...ALIAS_OPTION, dialect: { type: 'string' }, json: { type: 'boolean' } },
  run({ filter, values, out }) {
    const dialectName = typeof values['dialect'] === 'string' ? values['dialect'] : 'postgres';
    const dialect = DIALECTS[dialectName];
    if (!dialect) return { usageError: `--dialect must be one of ${Object.keys(DIALECTS).join(', ')}, not '${dialectName}'` };
    const loaded = schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const given = aliasesFromOptions(values);
    if ('usageError' in given) return given;
    const { sql, params } = compileSql(check(filter, loaded.schema, { aliases: given.aliases }), { dialect });
    out.write(values['json'] ? `${toJson({ sql, params })}\n` : `${sql}\n${toJson(params, 0)}\n`);
    return { exitCode: 0 };
  },
};
