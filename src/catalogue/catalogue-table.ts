// A table as a database's catalogue (or a drizzle definition) describes it, whichever the source:
// its columns with their SQL types as the catalogue spells them, its primary key and its foreign
// keys. The readers of each catalogue fill it in; catalogueModel() turns tables into a model.

export interface CatalogueTable {
  readonly name: string;
  readonly columns: readonly CatalogueColumn[];
  /** The primary key's columns, in order; empty where the table has none. */
  readonly key: readonly string[];
  readonly foreignKeys: readonly ForeignKey[];
}

export interface CatalogueColumn {
  readonly name: string;
  /** The column's type as the catalogue spells it: `numeric(10,2)`, `varchar(20)`, `integer[]`, `enum('a','b')`. */
  readonly sqlType: string;
  readonly nullable: boolean;
}

/** Columns of a table that refer to the key (or a unique set of columns) of another. */
export interface ForeignKey {
  readonly columns: readonly string[];
  readonly table: string;
  /** The referenced table's columns, in the order of `columns`. */
  readonly references: readonly string[];
}

/** What the catalogue says of enumeration types by name (PostgreSQL's `CREATE TYPE … AS ENUM`): their labels in order. */
export type EnumLabels = ReadonlyMap<string, readonly string[]>;
