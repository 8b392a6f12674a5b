// The `--schema <name-or-file>` option shared by the commands that need a schema: a shipped
// schema of the example service (odata-filter/examples/events) by name, in any case, or a JSON
// file in the defineSchema() shape, of at most MAX_SCHEMA_BYTES (so that `--schema /dev/zero` ends).
// Or, in its place, `--metadata <file> --entity-set <name>`: an entity set of a service's
// `$metadata` (docs/metadata.md), with the rules it states and its OData version.

import { closeSync, openSync, readSync } from 'node:fs';
import type { ODataVersion } from '../language/versions.js';
import type { Schema, SchemaDefinition } from '../types/schema.js';
import { defineSchema } from '../types/schema.js';
import { SERVICE_SCHEMAS } from '../examples/events/schemas.js';

/** The option definition to spread into a command's `options`. */
export const SCHEMA_OPTION = {
  schema: { type: 'string' },
  metadata: { type: 'string' },
  'entity-set': { type: 'string' },
} as const;

/** The largest schema file read, in bytes (8 MiB; the shipped schemas are a few KiB as JSON). */
export const MAX_SCHEMA_BYTES = 8 * 1024 * 1024;

/** The line of a command's --help for --schema. */
export const SCHEMA_HELP = [
  '--schema <name-or-file> a shipped schema by name, in any case:',
  `                        ${[...SERVICE_SCHEMAS.keys()].join(', ')};`,
  `                        or a JSON file in the defineSchema shape, of at most ${MAX_SCHEMA_BYTES} bytes`,
  "--metadata <file>       in place of --schema: a service's $metadata (CSDL XML or JSON, or an",
  '                        OData 2/3 EDMX), with --entity-set; its version is the default --odata-version',
  '--entity-set <name>     the entity set or singleton of --metadata whose filters are read,',
  '                        under the rules its annotations state',
].join('\n');

/** The file's text, or undefined when it has more than `limit` bytes. Throws when it cannot be read. */
export function readBounded(file: string, limit: number): string | undefined {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    // Reads until the end or one byte past the limit: a device or pipe need not say its size.
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) return buffer.toString('utf8', 0, length);
      length += n;
      if (length > limit) return undefined;
    }
  } finally {
    closeSync(fd);
  }
}

/** Resolves a schema name or file path; a problem comes back as a usage error message. */
export function loadSchema(nameOrFile: string): { readonly schema: Schema } | { readonly usageError: string } {
  for (const [name, schema] of SERVICE_SCHEMAS) {
    if (name.toLowerCase() === nameOrFile.toLowerCase()) return { schema };
  }
  let text: string | undefined;
  try {
    text = readBounded(nameOrFile, MAX_SCHEMA_BYTES);
  } catch {
    const names = [...SERVICE_SCHEMAS.keys()].join(', ');
    return { usageError: `--schema '${nameOrFile}' is neither a shipped schema (${names}) nor a readable file` };
  }
  if (text === undefined)
    return {
      usageError: `--schema ${nameOrFile}: the file is larger than ${MAX_SCHEMA_BYTES} bytes, the most a schema file may have`,
    };
  try {
    return { schema: defineSchema(JSON.parse(text) as SchemaDefinition) };
  } catch (error) {
    return { usageError: `--schema ${nameOrFile}: ${(error as Error).message}` };
  }
}

/**
 * The schema named by a command's `--schema` value, or by `--metadata` and `--entity-set` (with the
 * service's OData version); one of the two is required.
 */
export async function schemaFromOptions(
  values: Readonly<Record<string, unknown>>,
): Promise<{ readonly schema: Schema; readonly version?: ODataVersion } | { readonly usageError: string }> {
  if (values.metadata !== undefined) return schemaFromMetadata(values);
  if (values['entity-set'] !== undefined)
    return { usageError: '--entity-set names an entity set of --metadata <file>' };
  const value = values.schema;
  if (typeof value !== 'string' || value === '') return { usageError: 'missing --schema <name-or-file>' };
  return loadSchema(value);
}

async function schemaFromMetadata(
  values: Readonly<Record<string, unknown>>,
): Promise<{ readonly schema: Schema; readonly version: ODataVersion } | { readonly usageError: string }> {
  const file = String(values.metadata);
  const entitySet = values['entity-set'];
  if (values.schema !== undefined) return { usageError: '--schema and --metadata name a schema each: give one' };
  if (typeof entitySet !== 'string' || entitySet === '')
    return { usageError: `--metadata ${file}: missing --entity-set <name>` };
  // The CSDL reader (and its XML parser) is loaded by the commands that read a `$metadata` only.
  const [{ DEFAULT_MAX_METADATA_LENGTH, fromMetadata }, { filterSchemaFor }] = await Promise.all([
    import('../csdl/from-metadata.js'),
    import('../csdl/filter-schema.js'),
  ]);
  // fromMetadata()'s own bound on its text, at up to 3 bytes a character.
  const maxBytes = DEFAULT_MAX_METADATA_LENGTH * 3;
  let text: string | undefined;
  try {
    text = readBounded(file, maxBytes);
  } catch {
    return { usageError: `--metadata '${file}' is no readable file` };
  }
  if (text === undefined) return { usageError: `--metadata ${file}: the file is larger than ${maxBytes} bytes` };
  try {
    const imported = fromMetadata(text);
    return { schema: filterSchemaFor(imported, entitySet), version: imported.version };
  } catch (error) {
    return { usageError: `--metadata ${file}: ${(error as Error).message}` };
  }
}
