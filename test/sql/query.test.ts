// compileSqlQuery() and compileSql's firstParameter (docs/query.md): the SQL of a plan's page and
// count, placeholders numbered after a caller's own, and the options refused by name.

import { describe, expect, it } from 'vitest';
import { check, VenueRoom } from '../../src/index.js';
import { compileSql, compileSqlQuery, mysql, pageOf, postgres, sqlite } from '../../src/backends/sql/index.js';
import { parseQuery, SERVICE_INTERFACE_B } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { thrownFilterError } from '../support/thrown.js';

const resource: QueryResource = { schema: VenueRoom, key: ['VenueRoomID'], policy: { spelling: 'odata', defaultTop: 20, maxTop: 100 } };

describe('compileSqlQuery', () => {
  it('writes the page and the count over the caller\'s table and columns', () => {
    const plan = parseQuery("$filter=Capacity gt 50 and Name eq 'Hall'&$top=10&$skip=20&$count=true", resource);
    const { data, count } = compileSqlQuery(plan, { dialect: postgres, from: 'rooms r', table: 'r', columns: { VenueRoomID: 'r.id' } });
    expect(data).toEqual({
      sql: 'SELECT * FROM rooms r WHERE ((r."Capacity" > $1::integer) AND (r."Name" = $2::text)) ORDER BY r.id ASC LIMIT 11 OFFSET 20',
      params: [50, 'Hall'],
    });
    expect(count).toEqual({ sql: 'SELECT COUNT(*) AS count FROM rooms r WHERE ((r."Capacity" > $1::integer) AND (r."Name" = $2::text))', params: [50, 'Hall'] });
  });

  it('writes no WHERE without a filter, and no count unless asked', () => {
    const plan = parseQuery('top=5', { ...resource, policy: SERVICE_INTERFACE_B });
    expect(compileSqlQuery(plan, { dialect: mysql, from: '`rooms`' })).toEqual({ data: { sql: 'SELECT * FROM `rooms` ORDER BY `VenueRoomID` ASC LIMIT 6 OFFSET 0', params: [] } });
  });

  it('numbers the placeholders after the caller\'s own on PostgreSQL; ? counts by position', () => {
    const typed = check('Capacity gt 50 and Capacity lt 90', VenueRoom);
    expect(compileSql(typed, { dialect: postgres, firstParameter: 3 }).sql).toBe('(("Capacity" > $3::integer) AND ("Capacity" < $4::integer))');
    expect(compileSql(typed, { dialect: sqlite, firstParameter: 3 }).sql).toBe(compileSql(typed, { dialect: sqlite }).sql);
  });

  it.each([0, -1, 1.5, '2', Number.NaN])('refuses firstParameter %s, naming the option', (first) => {
    const error = thrownFilterError(() => compileSql(check('Capacity gt 50', VenueRoom), { dialect: postgres, firstParameter: first as number }));
    expect(error.kind).toBe('unsupported');
    expect(error.message).toContain('options.firstParameter');
  });

  it('pageOf keeps top rows and says whether the extra one came', () => {
    const plan = parseQuery('$top=2', resource);
    expect(pageOf([1, 2, 3], plan)).toEqual({ items: [1, 2], more: true });
    expect(pageOf([1, 2], plan)).toEqual({ items: [1, 2], more: false });
  });
});
