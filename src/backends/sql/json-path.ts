// The member names of a JSON path that a dialect writes into SQL text (`'$.Address.City'` on MySQL
// and SQLite, `'{Address,City}'` on PostgreSQL), checked where they are written: each must be an
// identifier as defineSchema takes it, which holds no quote, dot, bracket, comma, brace or
// backslash that could end the path or the SQL string around it. A Schema made by hand can carry
// any name; such a name is refused by name, never written.

import { unsupported } from '../../errors.js';
import { isIdentifier } from '../../types/schema.js';

/** The names of `path`, each checked to be an identifier; `dialect` names the SQL dialect in the refusal. */
export function jsonPathNames(path: readonly string[], dialect: string): readonly string[] {
  for (const name of path) {
    if (!isIdentifier(name))
      throw unsupported({
        construct: 'json_member_name',
        target: dialect,
        message: `The member ${JSON.stringify(name)} cannot be read from a JSON column: a name in a JSON path is an identifier (a letter or '_', then letters, digits and '_'), as defineSchema requires`,
        start: 0,
        end: 0,
      });
  }
  return path;
}
