export interface ServedDirectory {
  /** The server's address, ending in `/`. */
  readonly url: string;
  close(): Promise<void>;
}

export function serveDirectory(dir: string, port?: number): Promise<ServedDirectory>;
