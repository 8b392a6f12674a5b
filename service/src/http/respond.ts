// Writing a response: its status, headers and body, gzip-compressed whenever the request accepts
// gzip and there is a body (section 8), with the length always stated.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { acceptsGzip } from './negotiate.js';

export interface Reply {
  readonly status: number;
  readonly headers?: { readonly [name: string]: string };
  /** Absent for an empty body (Content-Length 0). */
  readonly body?: string;
}

export function send(request: IncomingMessage, response: ServerResponse, reply: Reply): number {
  let body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body, 'utf8');
  const headers: Record<string, string> = { ...reply.headers };
  // Both interfaces answer by Accept (a representation, or 406) and by Accept-Encoding.
  headers.Vary = 'Accept, Accept-Encoding';
  if (body.length > 0 && acceptsGzip(request.headers['accept-encoding'])) {
    body = gzipSync(body);
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = String(body.length);
  response.writeHead(reply.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
  return body.length;
}
