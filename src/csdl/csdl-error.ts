// The one error fromMetadata() throws for a document it cannot read (docs/metadata.md, "Errors"):
// too large, a DTD, XML or JSON that is not well formed, or a CSDL document whose model cannot
// be (a key naming no property, a base type that does not exist). It names where: the line and
// column for XML, the element or the member path for both.

export type CsdlErrorCode =
  /** The text is longer than `maxLength`. */
  | 'too_large'
  /** Elements nested deeper than any CSDL document nests them (`MAX_XML_DEPTH`), or a type derived more than `MAX_BASE_TYPE_DEPTH` deep. */
  | 'too_deep'
  /** A document type declaration: refused, so no entity is ever declared or expanded. */
  | 'doctype'
  /** Not well-formed XML, or not JSON. */
  | 'malformed'
  /** Well formed, but no CSDL document (no edmx:Edmx root, no $Version). */
  | 'not_csdl'
  /** A CSDL document whose model cannot be: a missing key property, an unknown base type, … */
  | 'invalid_model';

export class CsdlError extends Error {
  override readonly name = 'CsdlError';
  readonly code: CsdlErrorCode;
  /** The 1-based line of the XML document where the problem is, when known. */
  readonly line: number | undefined;
  /** The element (`EntityType`) or JSON member path (`Ns/Person/$Key`) where the problem is, when known. */
  readonly element: string | undefined;

  constructor(code: CsdlErrorCode, message: string, where: { line?: number; element?: string } = {}) {
    const at = [
      where.element === undefined ? '' : ` at ${where.element}`,
      where.line === undefined ? '' : ` (line ${where.line})`,
    ].join('');
    super(`${message}${at}`);
    this.code = code;
    this.line = where.line;
    this.element = where.element;
  }
}

/** Whether a value is a CsdlError, also from another copy of the package. */
export function isCsdlError(value: unknown): value is CsdlError {
  return value instanceof Error && value.name === 'CsdlError' && typeof (value as CsdlError).code === 'string';
}
