// The playground's static server: a path that is no valid percent-encoding (`GET /%`) is a 400,
// and the server keeps serving.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDirectory } from '../../playground/serve.js';

/** The status of GET `path`, sent as written. */
function statusOf(url: string, path: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port, path }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('playground/serve.js', () => {
  const dir = mkdtempSync(join(tmpdir(), 'odata-filter-serve-'));
  let served: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    served = await serveDirectory(dir);
  });
  afterAll(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a malformed percent-encoding 400 and keeps serving', async () => {
    for (const path of ['/%', '/%E0%A4%A', '/a%zz/']) expect(await statusOf(served.url, path), path).toBe(400);
    expect(await statusOf(served.url, '/')).toBe(200);
    expect(await statusOf(served.url, '/missing.js')).toBe(404);
  });
});
