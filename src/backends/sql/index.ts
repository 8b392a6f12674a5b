// odata-filter/sql: compileSql() and the dialect objects for PostgreSQL, SQLite and MySQL/MariaDB;
// compileSqlQuery() and the expansions; SQL fragments, rendered once for the driver.

export { compileSql, DEFAULT_MAX_SQL_LENGTH } from './compile.js';
export type { CompileSqlOptions } from './compile.js';
export { renderSql } from './compiled.js';
export type { CompiledSql, RenderSqlOptions } from './compiled.js';
export { sql as sqlFragment, param as sqlValue, raw as sqlText, join as sqlJoin } from './fragment.js';
export type { Frag as SqlFragment } from './fragment.js';
export { compileSqlQuery, pageOf } from './query.js';
export type { CompiledSqlQuery, SqlQueryOptions } from './query.js';
export { compileSqlExpansion, expandSqlRows, EXPANSION_KEYS_PER_QUERY } from './expand.js';
export type { RelatedTable, RunSql, SqlExpandOptions } from './expand.js';
export { sqlTemplate } from './template.js';
export type { SqlTemplate } from './template.js';
export type { ColumnMapper, ColumnMapping } from './columns.js';
export type { ChildTable, CollectionStorage } from './collections.js';
export type { Dialect, Operand, FunctionRenderer, FunctionTable } from './dialect.js';
export { UNSUPPORTED } from './dialect.js';
export { postgres, createPostgresDialect, postgresColumnType } from './dialects/postgres.js';
export type { PostgresOptions } from './dialects/postgres.js';
export { sqlite, createSqliteDialect, sqliteColumnType } from './dialects/sqlite.js';
export type { SqliteOptions } from './dialects/sqlite.js';
export { mysql, createMysqlDialect, mysqlColumnType } from './dialects/mysql.js';
export type { MysqlOptions } from './dialects/mysql.js';
