// The `--schema <name-or-file>` option shared by the commands that need a schema: a shipped
// schema by name (case-insensitive), or a JSON file in the defineSchema() shape.

import { readFileSync } from 'node:fs';
import type { Schema, SchemaDefinition } from '../schema.js';
import { defineSchema } from '../schema.js';
import { SERVICE_SCHEMAS } from '../schemas/service.js';

/** The option definition to spread into a command's `options`. */
export const SCHEMA_OPTION = { schema: { type: 'string' } } as const;

/** Resolves a schema name or file path; a problem comes back as a usage error message. */
export function loadSchema(nameOrFile: string): { readonly schema: Schema } | { readonly usageError: string } {
  for (const [name, schema] of SERVICE_SCHEMAS) {
    if (name.toLowerCase() === nameOrFile.toLowerCase()) return { schema };
  }
  let text: string;
  try {
    text = readFileSync(nameOrFile, 'utf8');
  } catch {
    const names = [...SERVICE_SCHEMAS.keys()].join(', ');
    return { usageError: `--schema '${nameOrFile}' is neither a shipped schema (${names}) nor a readable file` };
  }
  try {
    return { schema: defineSchema(JSON.parse(text) as SchemaDefinition) };
  } catch (error) {
    return { usageError: `--schema ${nameOrFile}: ${(error as Error).message}` };
  }
}

/** The schema named by a command's `--schema` value, which is required. */
export function schemaFromOptions(values: Readonly<Record<string, unknown>>): { readonly schema: Schema } | { readonly usageError: string } {
  const value = values['schema'];
  if (typeof value !== 'string' || value === '') return { usageError: 'missing --schema <name-or-file>' };
  return loadSchema(value);
}
