// The little of sql.js that the SQLite engine helper uses (the package ships no types).
declare module 'sql.js' {
  interface Statement {
    bind(params: unknown[]): boolean;
    step(): boolean;
    getAsObject(): Record<string, unknown>;
    free(): void;
  }
  interface Database {
    run(sql: string, params?: unknown[]): void;
    prepare(sql: string): Statement;
    close(): void;
  }
  interface SqlJsStatic {
    Database: new () => Database;
  }
  export default function initSqlJs(config?: Record<string, unknown>): Promise<SqlJsStatic>;
}
