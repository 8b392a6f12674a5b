// Filters nested to any depth through every arithmetic operator × numeric type and every
// function: test/sql/size.test.ts holds their SQL to linear size, test/sql/deep.test.ts runs them
// on the engines.

import { defineSchema } from '../../src/types/schema.js';

export const DEEP_SCHEMA = defineSchema({
  name: 'T',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    I: 'Edm.Int32',
    L: 'Edm.Int64',
    M: 'Edm.Decimal',
    D: 'Edm.Double',
    S: 'Edm.String',
    T: 'Edm.DateTimeOffset',
  },
});

const repeat = (n: number, f: (inner: string) => string, leaf: string): string => {
  let text = leaf;
  for (let i = 1; i < n; i++) text = f(text);
  return text;
};

/** Name → filter of nesting depth n, over the properties of DEEP_SCHEMA. */
export const SHAPES: { [name: string]: (n: number) => string } = {};
for (const op of ['add', 'sub', 'mul', 'div', 'mod']) {
  for (const x of ['I', 'L', 'M', 'D']) {
    SHAPES[`${x} ${op} chain`] = (n) =>
      `${Array(n + 1)
        .fill(x)
        .join(` ${op} `)} gt 0`;
    SHAPES[`${x} ${op} nested right`] = (n) => `${repeat(n + 1, (t) => `${x} ${op} (${t})`, x)} gt 0`;
  }
}
for (const f of ['tolower', 'toupper', 'trim']) SHAPES[f] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'S')} eq 'a'`;
for (const f of ['round', 'floor', 'ceiling']) {
  SHAPES[`${f} Double`] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'D')} eq 1`;
  SHAPES[`${f} Decimal`] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'M')} eq 1`;
}
SHAPES['concat left'] = (n) => `${repeat(n + 1, (t) => `concat(${t}, S)`, 'S')} eq 'a'`;
SHAPES['concat right'] = (n) => `${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')} eq 'a'`;
SHAPES['replace string'] = (n) => `${repeat(n + 1, (t) => `replace(${t}, S, S)`, 'S')} eq 'a'`;
SHAPES['replace search'] = (n) => `${repeat(n + 1, (t) => `replace(S, ${t}, S)`, 'S')} eq 'a'`;
SHAPES['replace replacement'] = (n) => `${repeat(n + 1, (t) => `replace(S, S, ${t})`, 'S')} eq 'a'`;
SHAPES['substring string'] = (n) => `${repeat(n + 1, (t) => `substring(${t}, I, I)`, 'S')} eq 'a'`;
SHAPES['substring start'] = (n) => `${repeat(n + 1, (t) => `length(substring(S, ${t}))`, 'I')} eq 1`;
SHAPES['substring length'] = (n) => `${repeat(n + 1, (t) => `length(substring(S, I, ${t}))`, 'I')} eq 1`;
SHAPES.length = (n) => `${repeat(n + 1, (t) => `length(substring(S, ${t}))`, 'I')} eq 1`;
SHAPES.indexof = (n) => `${repeat(n + 1, (t) => `indexof(substring(S, ${t}), S)`, 'I')} eq 1`;
for (const f of ['startswith', 'endswith', 'contains'])
  SHAPES[f] = (n) =>
    `${f}(${repeat(n + 1, (t) => `concat(${t}, S)`, 'S')}, ${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')})`;
SHAPES.substringof = (n) =>
  `substringof(${repeat(n + 1, (t) => `trim(${t})`, 'S')}, ${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')})`;
for (const part of ['year', 'month', 'day', 'hour', 'minute', 'second'])
  SHAPES[part] = (n) => `${Array(n).fill(`${part}(T)`).join(' add ')} gt 0`;
SHAPES.datetimeoffset = (n) => `${repeat(n + 1, (t) => `datetimeoffset(${t})`, 'T')} lt T`;
SHAPES.in = (n) => `(${Array(n).fill('I').join(' add ')}) in (1, 2, null)`;
