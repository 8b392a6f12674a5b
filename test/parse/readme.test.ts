// The README's function table is held to FUNCTIONS: same names, same argument counts, same order.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, arityOf } from '../../src/index.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README function table', () => {
  it('lists exactly the functions of FUNCTIONS with their argument counts', () => {
    const table = /<!-- functions:start -->([\s\S]*?)<!-- functions:end -->/.exec(readme)?.[1] ?? '';
    const rows = [...table.matchAll(/^\| `([a-z]+)` \| ([0-9–]+) \|/gm)].map((m) => [m[1], m[2]]);
    const expected = FUNCTIONS.map((f) => {
      const { min, max } = arityOf(f);
      return [f.name, min === max ? `${min}` : `${min}–${max}`];
    });
    expect(rows).toEqual(expected);
  });
});
