// The `odata-filter/server` entry point: a read-only OData endpoint over a model, in a few lines
// (docs/server.md).

export { odataEndpoint, DEFAULT_ENDPOINT_POLICY } from './endpoint.js';
export type { EndpointOptions, EntitySetService } from './endpoint.js';
export { arraySource } from './source.js';
export type { ArraySourceOptions } from './source.js';
export type { CollectionSource, ReadContext } from './source.js';
export type { NodeRequest, NodeResponse } from './node.js';
export { nodeListener } from './node.js';
export { sqlSource } from './sql-source.js';
export type { SqlConnection, SqlQuery, SqlRows, SqlSession, SqlSourceOptions } from './sql-source.js';
export { pgPool } from './sql-drivers/pg.js';
export type { PgClientLike, PgPoolLike } from './sql-drivers/pg.js';
export { pglite } from './sql-drivers/pglite.js';
export type { PgliteLike } from './sql-drivers/pglite.js';
export { mysql2Pool } from './sql-drivers/mysql2.js';
export type { Mysql2ConnectionLike, Mysql2PoolLike } from './sql-drivers/mysql2.js';
export { sqlJs } from './sql-drivers/sql-js.js';
export type { SqlJsDatabaseLike } from './sql-drivers/sql-js.js';
export { mongoSource } from './mongo-source.js';
export type { MongoCollectionLike, MongoSourceOptions } from './mongo-source.js';
export { DEFAULT_STATEMENT_TIMEOUT_MS } from './statement-timeout.js';
export type { StatementContext } from './statement-timeout.js';
export { isSourceUnavailable, SourceUnavailable } from './source-unavailable.js';
export type { UnavailableReason } from './source-unavailable.js';
export { isUnreachable, unreachableOrSelf } from './unreachable.js';
export { MOST_ISSUES_SHOWN, refusalMessage } from './refusal-message.js';
