// Stopping an HTTP server within a grace period: no new connection is accepted; connections with
// no request under way — idle keep-alive ones, and half-open ones whose request head never
// finished — are closed at once; a request under way is answered, with `Connection: close`, and
// its connection then closed; whatever is still open when the grace period ends is destroyed.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The default grace period: 10 s. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface Shutdown {
  /** Whether the server is stopping: a response then says `Connection: close`. */
  readonly stopping: boolean;
  /** Stops the server; resolves once every connection is closed, or the grace period is over. */
  close(graceMs?: number): Promise<void>;
}

export function gracefulShutdown(server: Server): Shutdown {
  const sockets = new Set<Socket>();
  /** The sockets with a request under way (its head read, its response not yet sent). */
  const busy = new Map<Socket, number>();
  const answering = new Set<ServerResponse>();
  let stopping = false;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    if (stopping) response.shouldKeepAlive = false;
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      const n = (busy.get(socket) ?? 1) - 1;
      if (n > 0) busy.set(socket, n);
      else busy.delete(socket);
      // The last response of a stopping server: its connection goes with it.
      if (stopping && n <= 0) socket.end();
    });
  });

  return {
    get stopping() {
      return stopping;
    },
    close(graceMs = SHUTDOWN_GRACE_MS) {
      stopping = true;
      // Responses under way, whose heads are not written yet, are the last of their connections.
      for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        for (const socket of sockets) if (!busy.has(socket)) socket.destroy();
      });
    },
  };
}
