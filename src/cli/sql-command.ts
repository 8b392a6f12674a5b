// `odata-filter sql "<filter>" --schema <name-or-file> [--alias <name>=<value>]...
// [--dialect …] [--storage <file>] [--json]`: prints the WHERE expression, then the parameters in
// placeholder order as JSON; or both as one JSON object `{ "sql", "params" }`. `--storage` gives
// the options that say where the data is: the row's table, its column mapping and where each
// collection is stored (docs/sql.md).

import type { CompileSqlOptions } from '../backends/sql/index.js';
import type { Command } from './command.js';
import { FILTER_HELP } from './filter-help.js';
import { toJson } from './json.js';
import { ALIAS_HELP, ALIAS_OPTION, aliasesFromOptions } from './alias-option.js';
import { VERSION_HELP, VERSION_OPTION, versionFromOptions } from './version-option.js';
import { clockFromOptions, NOW_HELP, NOW_OPTION } from './now-option.js';
import { readBounded, SCHEMA_HELP, SCHEMA_OPTION, schemaFromOptions } from './load-schema.js';

/** The dialects by their `--dialect` names, each the backend's export of that name. */
const DIALECTS = ['postgres', 'sqlite', 'mysql'] as const;

/** The compile options a storage file may give. */
const STORAGE_KEYS = ['table', 'columns', 'collections'] as const;
type Storage = Pick<CompileSqlOptions, (typeof STORAGE_KEYS)[number]>;

/** The largest storage file read, in bytes (1 MiB). */
const MAX_STORAGE_BYTES = 1024 * 1024;

/** The storage options of a `--storage` file; a problem comes back as a usage error message. */
function loadStorage(file: string): { readonly storage: Storage } | { readonly usageError: string } {
  let text: string | undefined;
  try {
    text = readBounded(file, MAX_STORAGE_BYTES);
  } catch {
    return { usageError: `--storage '${file}' is not a readable file` };
  }
  if (text === undefined)
    return { usageError: `--storage ${file}: the file is larger than ${MAX_STORAGE_BYTES} bytes` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { usageError: `--storage ${file}: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { usageError: `--storage ${file}: expected a JSON object with ${STORAGE_KEYS.join(', ')}` };
  }
  const unknown = Object.keys(value).filter((k) => !(STORAGE_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0)
    return {
      usageError: `--storage ${file}: unknown key ${unknown.map((k) => `'${k}'`).join(', ')}; the keys are ${STORAGE_KEYS.join(', ')}`,
    };
  // The values are checked by compileSql, which names the option and the property at fault.
  return { storage: value as Storage };
}

export const sqlCommand: Command = {
  name: 'sql',
  usage:
    'sql "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--now <date-time>] [--odata-version <version>] [--dialect postgres|sqlite|mysql] [--storage <file>] [--json]',
  summary: 'print the SQL WHERE expression of a filter and its parameters (default dialect: postgres)',
  maxOperands: 0,
  help: [
    FILTER_HELP,
    SCHEMA_HELP,
    ALIAS_HELP,
    NOW_HELP,
    VERSION_HELP,
    '--dialect <name>        postgres (the default), sqlite or mysql (MySQL and MariaDB)',
    '--storage <file>        a JSON file with where the data is: {"table", "columns", "collections"},',
    "                        compileSql's options of those names (docs/sql.md); needed for lambdas",
    '--json                  print one JSON object {"sql": …, "params": […]} (Int64 values as strings)',
  ],
  options: {
    ...SCHEMA_OPTION,
    ...ALIAS_OPTION,
    ...NOW_OPTION,
    ...VERSION_OPTION,
    dialect: { type: 'string' },
    storage: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ filter, values, out }) {
    const dialectName = typeof values.dialect === 'string' ? values.dialect : 'postgres';
    const dialect = DIALECTS.find((name) => name === dialectName);
    if (!dialect) return { usageError: `--dialect must be one of ${DIALECTS.join(', ')}, not '${dialectName}'` };
    const loaded = await schemaFromOptions(values);
    if ('usageError' in loaded) return loaded;
    const given = aliasesFromOptions(values);
    if ('usageError' in given) return given;
    const versioned = versionFromOptions(values);
    if ('usageError' in versioned) return versioned;
    const now = clockFromOptions(values);
    if ('usageError' in now) return now;
    const storage = typeof values.storage === 'string' ? loadStorage(values.storage) : { storage: {} };
    if ('usageError' in storage) return storage;
    // The checker and the backend are loaded by the command that runs them, not by `parse` or `--help`.
    const [{ check }, backend] = await Promise.all([import('../types/check.js'), import('../backends/sql/index.js')]);
    const { sql, params } = backend.compileSql(
      check(filter, loaded.schema, { aliases: given.aliases, version: versioned.version ?? loaded.version }),
      { ...storage.storage, dialect: backend[dialect], ...now },
    );
    out.write(values.json ? `${toJson({ sql, params })}\n` : `${sql}\n${toJson(params, 0)}\n`);
    return { exitCode: 0 };
  },
};
