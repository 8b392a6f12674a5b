// The OData versions a filter can be written for: what print() writes, what check() accepts with
// its `version` option, and what a filter template writes its holes as (docs/semantics.md,
// "Versions"). The package reads and writes 4.01 unless told otherwise.

/** A version of the OData conventions a filter is aimed at. */
export type ODataVersion = '2.0' | '3.0' | '4.0' | '4.01';

/** The versions, oldest first. */
export const ODATA_VERSIONS: readonly ODataVersion[] = ['2.0', '3.0', '4.0', '4.01'];

/** What the package reads and writes when no version is given. */
export const DEFAULT_VERSION: ODataVersion = '4.01';

/** The option of print(), printTyped(), check() and a filter template that names the target version. */
export interface VersionOption {
  /** The OData version the text is for: '2.0', '3.0', '4.0' or '4.01' (the default). */
  readonly version?: ODataVersion;
}

/**
 * The version an option names, the default when it names none. Any other value is a programming
 * mistake (a TypeError), as a wrong option type is everywhere in the package.
 */
export function versionOf(options: VersionOption | undefined): ODataVersion {
  const version: unknown = options?.version;
  if (version === undefined) return DEFAULT_VERSION;
  if (typeof version === 'string' && (ODATA_VERSIONS as readonly string[]).includes(version))
    return version as ODataVersion;
  throw new TypeError(
    `Unknown OData version ${JSON.stringify(version)}: expected one of ${ODATA_VERSIONS.map((v) => `'${v}'`).join(', ')}`,
  );
}

/** Whether a construct that came with version `since` is out of reach of `version`. */
export function isLater(since: ODataVersion, version: ODataVersion): boolean {
  return ODATA_VERSIONS.indexOf(since) > ODATA_VERSIONS.indexOf(version);
}

/** Whether the version writes the v2/v3 literal forms (`datetime'…'`, `guid'…'`, `5L`, `2.5M`). */
export function isVersion3OrEarlier(version: ODataVersion): boolean {
  return version === '2.0' || version === '3.0';
}
