// The three engines the SQL tests run on, with their dialects and the generator options each
// needs (SQLite and MariaDB cannot store NaN or ±Infinity).

import { mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { Dialect } from '../../src/backends/sql/index.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import { startPglite } from '../engines/pglite.js';
import type { Engine } from '../engines/rows.js';
import { startSqlite } from '../engines/sqlite.js';

export interface EngineSetup {
  readonly name: 'postgres' | 'sqlite' | 'mysql';
  readonly dialect: Dialect;
  readonly finiteDoubles: boolean;
  /** False where Decimal is stored and computed as binary64 (SQLite). */
  readonly exactDecimals: boolean;
  readonly available: () => boolean;
  readonly start: () => Promise<Engine>;
}

export const ENGINES: readonly EngineSetup[] = [
  { name: 'postgres', dialect: postgres, finiteDoubles: false, exactDecimals: true, available: () => true, start: startPglite },
  { name: 'sqlite', dialect: sqlite, finiteDoubles: true, exactDecimals: false, available: () => true, start: startSqlite },
  { name: 'mysql', dialect: mysql, finiteDoubles: true, exactDecimals: true, available: mariadbAvailable, start: startMariadb },
];
