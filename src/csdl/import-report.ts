// What fromMetadata() says about a document besides its model (docs/metadata.md, "The report"):
// each thing it read but could not use as written, and why, with the element and line it was
// written at. Nothing of a document is left out without a note here.

export type MetadataNoteKind =
  /** A property of a type the package cannot represent: imported, but never filterable or sortable. */
  | 'unrepresentable'
  /** Declared, and kept out of the model until the package uses it (functions, actions, type-cast paths). */
  | 'not_used_yet'
  /** Read, but left out of the model because it cannot be as written (a partner that does not lead back). */
  | 'dropped'
  /** Read as something close to what is written (a nullable key property, an OData 1.0 service). */
  | 'adjusted'
  /** An annotation about filtering the rules cannot state, or on a target they cannot reach. */
  | 'not_applied';

export interface MetadataNote {
  readonly kind: MetadataNoteKind;
  /** The CSDL element or JSON kind (`Property`, `Function`, `NavigationPropertyBinding`, `Annotation`). */
  readonly element: string;
  /** What it is: a qualified path (`Trippin.Airport/Location/Loc`, `Trippin.Container/People`). */
  readonly name: string;
  /** The 1-based line of the XML element, when the document is XML. */
  readonly line: number | undefined;
  readonly reason: string;
}

/** The notes of one import, in document order. */
export class ImportReport {
  readonly notes: MetadataNote[] = [];

  constructor(private readonly lines: Map<object, number>) {}

  add(kind: MetadataNoteKind, element: string, name: string, reason: string, at?: object): void {
    this.notes.push({ kind, element, name, line: at === undefined ? undefined : this.lines.get(at), reason });
  }
}
