// The service for the tests: its tables and demo data written into a database, and the server
// listening on a free port of 127.0.0.1, with a client that sends exactly the request it is given.

import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../src/database.js';
import { createDemoDatabase, isSeeded } from '../../src/seed.js';
import { createService } from '../../src/server.js';
import type { Service, ServiceOptions } from '../../src/server.js';

export interface Running {
  readonly base: string;
  readonly service: Service;
  readonly db: Database;
  /** The lines the server logged. */
  readonly log: string[];
  stop(): Promise<void>;
}

/** The service on `db`, after writing the demo data into it unless it holds them (openDemoPglite). */
export async function startService(db: Database, options: Omit<ServiceOptions, 'db' | 'log'> = {}): Promise<Running> {
  if (!(await isSeeded(db))) await createDemoDatabase(db);
  const log: string[] = [];
  const service = createService({ ...options, db, log: (line) => log.push(line) });
  const base = await service.listen(0);
  return {
    base,
    service,
    db,
    log,
    stop: async () => {
      await service.close();
      await db.close();
    },
  };
}

export interface Response {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as sent (compressed when the server compressed it). */
  readonly raw: Buffer;
  /** The body as text, decompressed. */
  readonly text: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** `admin` and `events-only` are the demo users; a pair gives other credentials. */
  readonly user?: 'admin' | 'events-only' | readonly [name: string, password: string];
  /** The loopback address to send from (`127.0.0.2`), for limits per client address. */
  readonly localAddress?: string;
}

const PASSWORDS = { admin: 'admin-demo', 'events-only': 'events-demo' } as const;

/** A request with node:http, the path sent byte for byte as given (fetch would normalise it). */
export function get(base: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...options.headers };
  if (options.user !== undefined) {
    const [name, password] = typeof options.user === 'string' ? [options.user, PASSWORDS[options.user]] : options.user;
    headers.Authorization = `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress, agent: false }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

export const A = '/demo/api/2012-02-01/auth/resources/';
export const B = '/api/2012-02-01/pub/resources/';

/** A raw connection to the server, its received bytes kept, `closed` settling when it closes. */
export async function rawConnection(
  base: string,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}
