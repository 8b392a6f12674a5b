// The readings parseQuery keeps by an option's text (src/query/read-cache.ts) and the SQL
// compileSqlQuery keeps per order, projection and options object: a kept one is the reading of
// that text for that resource only, a text with issues is read (and refused) anew every time, and
// other options make other SQL.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { Event } from '../../src/examples/events/index.js';
import { compileSqlQuery, postgres, sqlite } from '../../src/backends/sql/index.js';
import { thrownFilterError } from '../support/thrown.js';

const policy = { spelling: 'odata', defaultTop: 10, maxTop: 100 } as const;
const open: QueryResource = { schema: Event, key: ['EventID'], policy };
// The same schema with Code hidden from projections and orders: a reading kept for `open` must not answer for it.
const guarded: QueryResource = { ...open, rules: { Code: { select: false, sort: false } } };

describe('readings kept by text', () => {
  it('gives requests with the same $select and $orderby the same reading', () => {
    const first = parseQuery('$select=EventID,Code&$orderby=Code desc', open);
    const second = parseQuery('$select=EventID,Code&$orderby=Code desc&$top=3', open);
    expect(second.select).toBe(first.select);
    expect(second.orderBy).toBe(first.orderBy);
    expect(second.orderBy.map((key) => [key.path.join('/'), key.descending])).toEqual([
      ['Code', true],
      ['EventID', false],
    ]);
  });

  it('keeps a reading for its resource only', () => {
    parseQuery('$select=EventID,Code&$orderby=Code desc', open);
    const error = thrownFilterError(() => parseQuery('$select=EventID,Code&$orderby=Code desc', guarded));
    expect(error.issues.map((issue) => [issue.option, issue.code])).toEqual([
      ['$orderby', 'not_sortable'],
      ['$select', 'not_selectable'],
    ]);
  });

  it('reads a text with issues anew, with the option as each request names it', () => {
    const once = thrownFilterError(() => parseQuery('$select=EventID,Nope', open));
    const again = thrownFilterError(() => parseQuery('$SELECT=EventID,Nope', open));
    expect(once.issues.map((issue) => issue.option)).toEqual(['$select']);
    expect(again.issues.map((issue) => issue.option)).toEqual(['$SELECT']);
    expect(again.message.replace('$SELECT', '$select')).toBe(once.message);
  });

  it('completes an order restricted by a relation’s row filter anew, not as the unrestricted one', () => {
    const restricted: QueryResource = {
      ...open,
      relations: { EventTemplate: { rowFilter: 'EventTemplateID eq 7' } },
    };
    const plain = parseQuery('$orderby=EventTemplate/EventTemplateID', open);
    const rowFiltered = parseQuery('$orderby=EventTemplate/EventTemplateID', restricted);
    expect(plain.orderBy[0]!.expression).toBeUndefined();
    expect(rowFiltered.orderBy[0]!.expression).toBeDefined();
    expect(rowFiltered.orderBy).not.toBe(plain.orderBy);
  });
});

describe('SQL kept per order, projection and options', () => {
  const plan = () => parseQuery('$select=EventID,Code&$orderby=Code desc', open);

  it('writes other SQL for other options, and the same for the same', () => {
    const onPostgres = { dialect: postgres, from: 'events', table: 'events' };
    const onSqlite = { dialect: sqlite, from: 'events', table: 'events' };
    const renamed = { dialect: postgres, from: 'events', table: 'events', columns: { Code: 'event_code' } };
    const first = compileSqlQuery(plan(), onPostgres).data.sql;
    expect(compileSqlQuery(plan(), onPostgres).data.sql).toBe(first);
    expect(compileSqlQuery(plan(), renamed).data.sql).not.toBe(first);
    expect(compileSqlQuery(plan(), renamed).data.sql).toContain('event_code');
    expect(compileSqlQuery(plan(), onSqlite).data.sql).toBe(
      compileSqlQuery(parseQuery('$select=EventID,Code&$orderby=Code desc&$skip=0', open), onSqlite).data.sql,
    );
  });
});
