// Writing a response: its status, headers and body, gzip-compressed when the request accepts it
// and the body is worth it (section 8), with the length always stated.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { acceptsGzip } from './negotiate.js';

export interface Reply {
  readonly status: number;
  readonly headers?: { readonly [name: string]: string };
  /** Absent for an empty body (Content-Length 0). */
  readonly body?: string;
}

/** Bodies shorter than this are sent as they are: compressing them would only add bytes. */
const GZIP_FROM = 256;

export function send(request: IncomingMessage, response: ServerResponse, reply: Reply): number {
  let body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body, 'utf8');
  const headers: Record<string, string> = { ...reply.headers };
  if (body.length > 0) headers['Vary'] = 'Accept-Encoding';
  if (body.length >= GZIP_FROM && acceptsGzip(request.headers['accept-encoding'])) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  response.writeHead(reply.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
  return body.length;
}
