// A static file server for the built page on 127.0.0.1 and a free port, as any local server would
// serve it; for the browser test and the screenshot, and for looking at the page:
// `node playground/serve.js` after `npm run playground`.

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/** Serves `dir`; resolves to its address and a close function once it listens. */
export function serveDirectory(dir, port = 0) {
  const root = normalize(dir.endsWith(sep) ? dir : dir + sep);
  const server = createServer(async (request, response) => {
    let path;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      // A path that is no valid percent-encoding (`/%`) names no file; the server keeps serving.
      response.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    // Nothing outside the served directory.
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${address.port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serveDirectory(
    fileURLToPath(new URL('./dist/', import.meta.url)),
    Number(process.env.PORT ?? 8080),
  );
  console.log(`serving the playground at ${url}`);
}
