// The member names of a JSON path that a dialect writes into SQL text (`'$.Address.City'` on MySQL
// and SQLite, `'{Address,City}'` on PostgreSQL), checked where they are written: each must be a
// property name as defineSchema takes it. An identifier holds no quote, dot, bracket, comma, brace
// or backslash that could end the path or the SQL string around it, and a reserved word is out
// too (PostgreSQL reads an unquoted `null` in a path array as a null element). A Schema made by
// hand can carry any name; such a name is refused by name, never written.

import { unsupported } from '../../errors.js';
import { isPropertyName } from '../../types/schema.js';

/** The names of `path`, each checked to be an identifier; `dialect` names the SQL dialect in the refusal. */
export function jsonPathNames(path: readonly string[], dialect: string): readonly string[] {
  for (const name of path) {
    if (!isPropertyName(name))
      throw unsupported({
        construct: 'json_member_name',
        target: dialect,
        message: `The member ${JSON.stringify(name)} cannot be read from a JSON column: a name in a JSON path is a property name as defineSchema requires (a letter or '_', then letters, digits and '_'; no reserved word)`,
        start: 0,
        end: 0,
      });
  }
  return path;
}
