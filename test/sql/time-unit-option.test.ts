// The `times` option of the dialects (docs/sql.md, "Column types"): 'milliseconds' is the default
// dialect itself, 'microseconds' reads microseconds, and anything else is a TypeError where the
// dialect is made, not a dialect that silently keeps milliseconds.

import { describe, expect, it } from 'vitest';
import {
  createMysqlDialect,
  createPostgresDialect,
  createSqliteDialect,
  mysql,
  mysqlColumnType,
  postgres,
  postgresColumnType,
  sqliteColumnType,
} from '../../src/backends/sql/index.js';

describe('the times option', () => {
  it('keeps the default dialects for milliseconds', () => {
    expect(createPostgresDialect()).toBe(postgres);
    expect(createPostgresDialect({ times: 'milliseconds' })).toBe(postgres);
    expect(createMysqlDialect({ times: 'milliseconds' })).toBe(mysql);
    expect(createSqliteDialect().timeUnit).toBeUndefined();
  });

  it('names microseconds on the dialect and in the column types', () => {
    expect(createPostgresDialect({ times: 'microseconds' }).timeUnit).toBe('microseconds');
    expect(createMysqlDialect({ times: 'microseconds' }).timeUnit).toBe('microseconds');
    expect(createSqliteDialect({ times: 'microseconds' }).timeUnit).toBe('microseconds');
    expect(postgresColumnType('Edm.TimeOfDay', { times: 'microseconds' })).toBe('time(6)');
    expect(postgresColumnType('Edm.TimeOfDay')).toBe('time(3)');
    expect(mysqlColumnType('Edm.DateTimeOffset', { times: 'microseconds' })).toBe('DATETIME(6)');
    expect(mysqlColumnType('Edm.TimeOfDay', { times: 'microseconds' })).toBe('TIME(6)');
    expect(mysqlColumnType('Edm.DateTimeOffset')).toBe('DATETIME(3)');
    expect(sqliteColumnType('Edm.Duration')).toBe('INTEGER');
  });

  it('refuses any other unit, and ISO text dates with microseconds on SQLite', () => {
    for (const times of ['nanoseconds', 'us', 6, null]) {
      const options = { times } as never;
      expect(() => createPostgresDialect(options)).toThrow(
        /createPostgresDialect: times is .*'milliseconds' or 'microseconds'/,
      );
      expect(() => createMysqlDialect(options)).toThrow(TypeError);
      expect(() => createSqliteDialect(options)).toThrow(TypeError);
      expect(() => postgresColumnType('Edm.TimeOfDay', options)).toThrow(TypeError);
    }
    expect(() => createSqliteDialect({ dates: 'iso-text', times: 'microseconds' })).toThrow(
      /times 'microseconds' needs dates 'epoch-ms'/,
    );
  });
});
