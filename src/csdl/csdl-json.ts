// The form both representations are read into: a CSDL JSON 4.01 document (a JSON document as it
// is, an XML document converted by xml-to-csdl-json.ts), with the line each object came from
// where there was one. One reader (model-import.ts) makes the model of it.

/** A JSON object as CSDL JSON has them: members by name, `$` keywords and `@` annotations. */
export type JsonObject = { [member: string]: unknown };

/** A CSDL JSON document and where its objects were written. */
export interface CsdlSource {
  readonly document: JsonObject;
  /** The 1-based XML line of an object made from an element; none for a JSON document. A Map, not a
   * WeakMap: it lives as long as the import, and a WeakMap of every object costs the collector dearly. */
  readonly lines: Map<object, number>;
  /** What the document was written in, for the report. */
  readonly representation: 'xml' | 'json';
}

export const CAPABILITIES_NAMESPACE = 'Org.OData.Capabilities.V1';

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether a document's name can key a plain object. `__proto__` cannot: assigning it replaces the
 * object's prototype instead of adding a member, and reading it finds `Object.prototype`, so a
 * hostile document could reach every object of the process. A member of that name is left out
 * and noted wherever the reader keys objects by names.
 */
export function isObjectKey(name: string): boolean {
  return name !== '__proto__';
}

/**
 * The member of an object a document's name stands for: its own, never one every object inherits
 * (`constructor`, `toString`), which a name read from a document could otherwise find.
 */
export function ownMember<T>(object: { readonly [name: string]: T }, name: string): T | undefined {
  return Object.hasOwn(object, name) ? object[name] : undefined;
}

/**
 * Whether a schema's alias is one CSDL reserves (`Edm`, `odata`, `System`, `Transient`): read as an
 * alias, `Edm` would turn every primitive type (`Edm.String`) into a type of the schema. Such an
 * alias is not read, and noted.
 */
export function isReservedAlias(alias: string): boolean {
  return ['Edm', 'odata', 'System', 'Transient'].includes(alias);
}
