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
