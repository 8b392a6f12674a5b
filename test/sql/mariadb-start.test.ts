// The MariaDB harness starts wherever the tests run: a TMPDIR the `mysql` user cannot enter (as
// under root's home, mode 700) does not stop it, and a tool that fails says why in its own words.

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mariadbAvailable, runServerTool, startPrivateMariadb } from '../engines/mariadb.js';

describe.skipIf(!mariadbAvailable())('MariaDB harness', () => {
  it('starts under a TMPDIR that only its owner can enter', async () => {
    // mkdtemp makes the directory mode 700: when the tests run as root, the server's `mysql`
    // account can neither create its data directory nor its temporary files there.
    const private700 = mkdtempSync(join(tmpdir(), 'odata-filter-private-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = private700;
    try {
      const engine = await startPrivateMariadb();
      try {
        expect(await engine.query('SELECT 6 * 7 AS answer')).toEqual([{ answer: 42 }]);
      } finally {
        await engine.close();
      }
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(readdirSync(private700)).toEqual([]);
    rmSync(private700, { recursive: true });
  }, 60_000);

  it("reports a failing tool with the tool's own message", async () => {
    const user = process.getuid?.() === 0 ? ['--user=mysql'] : [];
    await expect(
      runServerTool('mariadbd', [
        '--no-defaults',
        ...user,
        '--datadir=/nonexistent-odata-filter',
        '--skip-networking',
        '--socket=/nonexistent-odata-filter/sock',
      ]),
    ).rejects.toThrow(
      /^MariaDB: mariadbd failed \(exit 1\): [\s\S]*Can't change dir to '\/nonexistent-odata-filter\/'/,
    );
  });
});
