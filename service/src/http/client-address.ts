// The address a request comes from: the connection's peer, or — behind trusted proxies — the
// address the nearest of them saw, from `X-Forwarded-For`. Only the entries the trusted proxies
// appended are believed: a client can write any it likes before them.

import type { IncomingMessage } from 'node:http';

/**
 * The client's address, with `trustedProxies` proxies in front of the service (0: none, and
 * `X-Forwarded-For` is ignored). Each proxy appends the address it received the request from, so
 * the client is the entry that many from the right, counting the connection's peer as the last.
 */
export function clientAddress(request: IncomingMessage, trustedProxies: number): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
}
