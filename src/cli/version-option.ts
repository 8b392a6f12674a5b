// The `--odata-version <version>` option of the commands that read a filter: the OData version it
// is written for (docs/semantics.md, "Versions"). `parse` writes the canonical form in that
// version's forms, and the commands that check refuse what came later (`not_in_version`).

import { ODATA_VERSIONS, type ODataVersion } from '../language/versions.js';

/** The option definition to spread into a command's `options`. */
export const VERSION_OPTION = { 'odata-version': { type: 'string' } } as const;

/** The lines of a command's --help for --odata-version. */
export const VERSION_HELP = [
  `--odata-version <v>     the OData version the filter is written for: ${ODATA_VERSIONS.join(', ')}`,
  "                        (4.01 when left out, which reads every version's forms)",
].join('\n');

/** The version the options name (undefined for none), or a usage error for one that is no version. */
export function versionFromOptions(
  values: Readonly<Record<string, unknown>>,
): { readonly version: ODataVersion | undefined } | { readonly usageError: string } {
  const given = values['odata-version'];
  if (given === undefined) return { version: undefined };
  const version = ODATA_VERSIONS.find((v) => v === given);
  if (version === undefined)
    return { usageError: `--odata-version takes one of ${ODATA_VERSIONS.join(', ')}, not '${String(given)}'` };
  return { version };
}
