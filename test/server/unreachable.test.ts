// Which drivers' errors say the database could not serve (a 503 'unreachable', or 'timeout' for
// a driver that gave up waiting), and which stay the errors they are (a 500).

import { describe, expect, it } from 'vitest';
import { isUnreachable, SourceUnavailable, unreachableOrSelf } from '../../src/server/index.js';

/** An Error with the fields a driver sets. */
function driverError(message: string, fields: Record<string, unknown> = {}, name = 'Error'): Error {
  const error = Object.assign(new Error(message), fields);
  if (name !== 'Error') Object.defineProperty(error, 'name', { value: name });
  return error;
}

const UNREACHABLE: [string, Error][] = [
  ['pg: connection failure (08006)', driverError('connection failure', { code: '08006' })],
  ['pg: too many connections (53300)', driverError('sorry, too many clients already', { code: '53300' })],
  ['pg: shutting down (57P01)', driverError('terminating connection due to administrator command', { code: '57P01' })],
  ['pg: ended under a statement', driverError('Connection terminated unexpectedly')],
  ['pg: the pool already ended', driverError('Cannot use a pool after calling end on the pool')],
  [
    'pg: a client whose connection failed',
    driverError('Client has encountered a connection error and is not queryable'),
  ],
  [
    'pg: a session ended for idling (57P05)',
    driverError('terminating connection due to idle-session timeout', { code: '57P05' }),
  ],
  ['mysql2: the pool already ended', driverError('Pool is closed.')],
  [
    'mysql2: a connection already closed',
    driverError("Can't add new command when connection is in closed state", { fatal: true }),
  ],
  [
    'mysql2: any error it marks fatal',
    driverError('Unexpected packet', { code: 'PROTOCOL_UNEXPECTED_PACKET', fatal: true }),
  ],
  ['Node: refused', driverError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })],
  ['Node: no such host', driverError('getaddrinfo ENOTFOUND db', { code: 'ENOTFOUND' })],
  [
    'mysql2: connection lost',
    driverError('Connection lost: The server closed the connection.', { code: 'PROTOCOL_CONNECTION_LOST' }),
  ],
  [
    'MariaDB: too many connections',
    driverError('Too many connections', { code: 'ER_CON_COUNT_ERROR', sqlState: '08004' }),
  ],
  ['MongoDB: no server', driverError('Server selection timed out', {}, 'MongoServerSelectionError')],
  ['MongoDB: client closed', driverError('Topology is closed', {}, 'MongoTopologyClosedError')],
  // A closed PGlite's own words; service/test/database-faults.test.ts closes a real one.
  ['PGlite: closed', driverError('PGlite is closed')],
];

const TIMED_OUT: [string, Error][] = [
  ['pg: no connection in time', driverError('timeout exceeded when trying to connect')],
  ['pg: a frozen server (query_timeout)', driverError('Query read timeout')],
  ['mysql2: no answer in time', driverError('Query inactivity timeout', { code: 'PROTOCOL_SEQUENCE_TIMEOUT' })],
];

const OTHERS: [string, unknown][] = [
  ['a syntax error (42601)', driverError('syntax error at or near "SELEC"', { code: '42601' })],
  // Of the classes a server that cannot serve uses, what the statement itself may have caused.
  [
    'pg: a protocol violation (08P01)',
    driverError('bind message supplies 1 parameters, but 2 are needed', { code: '08P01' }),
  ],
  ['pg: out of memory (53200)', driverError('out of memory', { code: '53200' })],
  ['pg: disk full (53100)', driverError('could not extend file', { code: '53100' })],
  [
    'MySQL: a packet too large, in the communication class (08S01)',
    driverError('Got a packet bigger than max_allowed_packet', {
      code: 'ER_NET_PACKET_TOO_LARGE',
      sqlState: '08S01',
      fatal: true,
    }),
  ],
  [
    'MariaDB: no such table',
    driverError("Table 'shop.products' doesn't exist", { code: 'ER_NO_SUCH_TABLE', sqlState: '42S02' }),
  ],
  ["a caller's own failure", driverError('relation "products" does not exist')],
  ['a fault of the code', new TypeError("Cannot read properties of undefined (reading 'rows')")],
  ['not an Error', 'ECONNREFUSED'],
  ['null', null],
];

describe('a database that cannot serve', () => {
  it.each(UNREACHABLE)('%s is unreachable', (_, error) => {
    expect(isUnreachable(error)).toBe(true);
    const made = unreachableOrSelf(error) as SourceUnavailable;
    expect(made).toBeInstanceOf(SourceUnavailable);
    expect([made.reason, made.cause]).toEqual(['unreachable', error]);
    // The message names nothing of the driver's: no address, no statement.
    expect(made.message).not.toContain(error.message);
  });

  it.each(TIMED_OUT)('%s is a timeout', (_, error) => {
    expect((unreachableOrSelf(error) as SourceUnavailable).reason).toBe('timeout');
  });

  it.each(OTHERS)('%s stays itself', (_, error) => {
    expect(isUnreachable(error)).toBe(false);
    expect(unreachableOrSelf(error)).toBe(error);
  });

  it('leaves a SourceUnavailable as it is', () => {
    const stopped = new SourceUnavailable('cancelled', 'gone');
    expect(unreachableOrSelf(stopped)).toBe(stopped);
  });
});
