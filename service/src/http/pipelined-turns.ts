// Pipelined requests on one connection are worked out one after another, each once the answer
// before it has been written and the connection's buffer has drained. Node answers them in order
// anyway, but it emits every request it has read at once, and each answer worked out ahead waited
// in the service's memory: a client that sent 40 requests for a megabyte each and read nothing
// had all 40 worked out, and held, until it was closed. Now the service works out only what the
// network's buffers take, and holds at most one answer beyond them.

import type { Socket } from 'node:net';

/** The turns of one connection's requests, in the order they arrived. */
export class PipelinedTurns {
  #last: Promise<void> = Promise.resolve();

  constructor(private readonly socket: Socket) {}

  /** Waits for a request's turn; the function returned ends it, once its answer is written. */
  async take(): Promise<() => void> {
    const before = this.#last;
    let end!: () => void;
    this.#last = new Promise((resolve) => (end = resolve));
    await before;
    await drained(this.socket);
    return end;
  }
}

/** Resolves once the socket's buffer has drained, or the socket is gone. */
function drained(socket: Socket): Promise<void> {
  if (!socket.writableNeedDrain || socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}
