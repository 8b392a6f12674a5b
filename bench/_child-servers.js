// The servers a bench asks, started in a process of their own so that the client's loop does not
// share their event loop: the script prints one JSON line (their base URLs, and what else the
// bench needs) once they listen.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts `script` (a URL) in a child process; resolves to the child and the JSON line it printed. */
export function startChildServers(script) {
  const child = spawn(process.execPath, [fileURLToPath(script)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, servers: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`${fileURLToPath(script)} exited with ${code}`)));
  });
}
