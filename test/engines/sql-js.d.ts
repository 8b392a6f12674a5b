// The little of sql.js that the SQLite tests use (the package ships no types).
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
    exec(sql: string, params?: unknown[]): { columns: string[]; values: unknown[][] }[];
    close(): void;
  }
  interface SqlJsStatic {
    Database: new () => Database;
  }
  export default function initSqlJs(config?: Record<string, unknown>): Promise<SqlJsStatic>;
}
