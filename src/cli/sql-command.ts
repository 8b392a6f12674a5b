// `odata-filter sql "<filter>" --schema <name-or-file> --dialect postgres|sqlite|mysql`: prints the
// WHERE expression, then the parameters in placeholder order as JSON.

import { check } from '../check.js';
import { compileSql, mysql, postgres, sqlite } from '../backends/sql/index.js';
import type { Dialect } from '../backends/sql/index.js';
import type { Command } from './command.js';
import { SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

const DIALECTS: { readonly [name: string]: Dialect } = { postgres, sqlite, mysql };

export const sqlCommand: Command = {
  name: 'sql',
  usage: 'sql "<filter>" --schema <name-or-file> [--dialect postgres|sqlite|mysql]',
  summary: 'print the SQL WHERE expression of a filter and its parameters (default dialect: postgres)',
  options: { ...SCHEMA_OPTION, dialect: { type: 'string' } },
  run({ positionals, values, out }) {
    const text = positionals[0];
    if (text === undefined) return { usageError: 'sql needs a filter' };
    const dialectName = typeof values['dialect'] === 'string' ? values['dialect'] : 'postgres';
    const dialect = DIALECTS[dialectName];
    if (!dialect) return { usageError: `--dialect must be one of ${Object.keys(DIALECTS).join(', ')}, not '${dialectName}'` };
    const loaded = schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const { sql, params } = compileSql(check(text, loaded.schema), { dialect });
    const json = JSON.stringify(params, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    out.write(`${sql}\n${json}\n`);
    return { exitCode: 0 };
  },
};
