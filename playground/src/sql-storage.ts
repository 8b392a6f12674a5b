// Where the page's SQL says a row and its collections are: the row's table is `t`, and each of its
// collections a JSON array in a column of that name (`Tags`, `PostalAddress_Tags` under a
// structure). A lambda needs both (docs/sql.md, "Collections"); a JSON column needs no child
// table to be invented, and a collection inside an element is read from the element's JSON.

import type { Property, Schema } from 'odata-filter';
import type { CollectionStorage } from 'odata-filter/sql';

/** The alias of the row's own table in the page's SQL. */
export const ROW_TABLE = 't';

/** A JSON column for every collection reachable from the row without passing through another. */
export function jsonCollections(schema: Schema): CollectionStorage {
  const storage: Record<string, { json: string }> = {};
  const walk = (properties: ReadonlyMap<string, Property>, prefix: readonly string[]): void => {
    for (const property of properties.values()) {
      const path = [...prefix, property.name];
      if (property.kind === 'collection') storage[path.join('/')] = { json: path.join('_') };
      else if (property.kind === 'structured') walk(property.properties, path);
    }
  };
  walk(schema.properties, []);
  return storage;
}
