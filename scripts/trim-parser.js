// Removes from the parser peggy generates what this package never calls: the error's format()
// (a caret rendering against the grammar's sources) and buildMessage()'s description of the
// expectations in peggy's words. src/syntax/parse-error.ts makes every syntax error's message
// from the error's `expected` and `location`, which stay; without the two, a browser client's
// bundle is some 0.8 KB (gzipped) smaller. Then it removes the helpers inside peg$parse that no
// code calls (a bundler keeps a nested function however unused), and writes once, in peg$fail,
// the test of peg$silentFails that peggy writes before each of its ~190 calls (a failure inside a
// predicate records no expectation): the same parser, some 0.6 KB (gzipped) smaller. And it calls
// one helper for each test of a character, a literal or a class, where peggy writes the test out.
// Run by `npm run generate` after peggy; it fails, and so the build, if peggy's output no longer
// has the shape it cuts.

import { readFileSync, writeFileSync } from 'node:fs';

const [parserFile, declarationFile] = process.argv.slice(2);
if (parserFile === undefined || declarationFile === undefined)
  throw new Error('usage: node scripts/trim-parser.js parser.js parser.d.ts');

/** `source` with the text from `start` up to (not including) `end` replaced, each found exactly once. */
function cut(source, start, end, replacement, file) {
  const from = source.indexOf(start);
  const to = source.indexOf(end, from + start.length);
  if (from < 0 || to < 0 || source.indexOf(start, from + 1) >= 0)
    throw new Error(`${file}: peggy's output has no single '${start.trim()}' … '${end.trim()}' to remove`);
  return source.slice(0, from) + replacement + source.slice(to);
}

let parser = readFileSync(parserFile, 'utf8');
parser = cut(parser, '  format(sources) {', '  static buildMessage(expected, found) {', '', parserFile);
parser = cut(
  parser,
  '  static buildMessage(expected, found) {',
  '\n}\n\nfunction peg$parse(',
  '  // The message a person reads is made by src/syntax/parse-error.ts (scripts/trim-parser.js).\n  static buildMessage() {\n    return "Syntax error";\n  }',
  parserFile,
);

// Each call of peg$fail is peggy's `if (peg$silentFails === 0) { peg$fail(e); }`, but the one that
// adds the end of input's expectation after the whole parse, where no predicate is open.
const guarded = /if \(peg\$silentFails === 0\) \{ (peg\$fail\([^()]*\);) \}/g;
const calls = parser.match(/peg\$fail\(/g).length;
const guardedCalls = parser.match(guarded)?.length ?? 0;
if (guardedCalls < 100 || calls !== guardedCalls + 2)
  throw new Error(`${parserFile}: peggy's calls of peg$fail are no longer each behind peg$silentFails`);
parser = parser.replace(guarded, '$1');
parser = cut(
  parser,
  '  function peg$fail(expected) {\n',
  '    if (peg$currPos < peg$maxFailPos) { return; }',
  '  function peg$fail(expected) {\n    if (peg$silentFails !== 0) { return; }\n',
  parserFile,
);

// Peggy writes out, at each of its ~170 uses, the test of one character, one literal or one
// character class: on a match the value and the position moved past it, else a failure recorded.
// Each becomes a call of one helper that does the same, some 0.7 KB (gzipped) smaller.
const matches = [
  {
    name: 'character',
    pattern:
      /if \(input\.charCodeAt\(peg\$currPos\) === (\d+)\) \{\n\s*(s\d+) = (peg\$c\d+);\n\s*peg\$currPos\+\+;\n\s*\} else \{\n\s*\2 = peg\$FAILED;\n\s*peg\$fail\((peg\$e\d+)\);\n\s*\}/g,
    call: (_, code, result, value, expected) => `${result} = peg$matchCharacter(${code}, ${value}, ${expected});`,
  },
  {
    name: 'literal',
    pattern:
      /if \(input\.substr\(peg\$currPos, (\d+)\) === (peg\$c\d+)\) \{\n\s*(s\d+) = \2;\n\s*peg\$currPos \+= \1;\n\s*\} else \{\n\s*\3 = peg\$FAILED;\n\s*peg\$fail\((peg\$e\d+)\);\n\s*\}/g,
    call: (_, _length, value, result, expected) => `${result} = peg$matchLiteral(${value}, ${expected});`,
  },
  {
    name: 'class',
    pattern:
      /(s\d+) = input\.charAt\(peg\$currPos\);\n\s*if \((peg\$r\d+)\.test\(\1\)\) \{\n\s*peg\$currPos\+\+;\n\s*\} else \{\n\s*\1 = peg\$FAILED;\n\s*peg\$fail\((peg\$e\d+)\);\n\s*\}/g,
    call: (_, result, pattern, expected) => `${result} = peg$matchClass(${pattern}, ${expected});`,
  },
];
for (const { name, pattern, call } of matches) {
  const found = parser.match(pattern)?.length ?? 0;
  if (found < 10) throw new Error(`${parserFile}: peggy's output no longer tests a ${name} as this script expects`);
  parser = parser.replace(pattern, call);
}
if (parser.split('\n  function peg$fail(expected) {\n').length !== 2)
  throw new Error(`${parserFile}: peggy's output has no single peg$fail to write the match helpers before`);
parser = parser.replace(
  '\n  function peg$fail(expected) {\n',
  `
  function peg$matchCharacter(code, value, expected) {
    if (input.charCodeAt(peg$currPos) === code) {
      peg$currPos++;
      return value;
    }
    peg$fail(expected);
    return peg$FAILED;
  }

  function peg$matchLiteral(value, expected) {
    if (input.startsWith(value, peg$currPos)) {
      peg$currPos += value.length;
      return value;
    }
    peg$fail(expected);
    return peg$FAILED;
  }

  function peg$matchClass(pattern, expected) {
    const character = input.charAt(peg$currPos);
    if (pattern.test(character)) {
      peg$currPos++;
      return character;
    }
    peg$fail(expected);
    return peg$FAILED;
  }

  function peg$fail(expected) {
`,
);

// The helpers peggy writes for the grammar's actions (and what only they call) that no action
// calls, until none is left: each is only ever called, so a name with no call but its own
// definition is unused.
const HELPERS = ['text', 'offset', 'range', 'location', 'expected', 'error', 'peg$buildSimpleError', 'peg$getUnicode'];
for (let removed = true; removed; ) {
  removed = false;
  for (const name of HELPERS) {
    const called = new RegExp(`(?<![\\w$.])${name.replaceAll('$', '\\$')}\\(`, 'g');
    if (!parser.includes(`\n  function ${name}(`) || parser.match(called).length > 1) continue;
    const from = parser.indexOf(`\n  function ${name}(`);
    const to = parser.indexOf('\n  }\n', from) + '\n  }\n'.length;
    parser = parser.slice(0, from) + parser.slice(to);
    removed = true;
  }
}

writeFileSync(parserFile, parser);

let declaration = readFileSync(declarationFile, 'utf8');
declaration = cut(declaration, '\n  /**\n   * With good sources, generates', '\n}\n', '', declarationFile);
declaration = cut(
  declaration,
  '  /**\n   * Constructs the human-readable message',
  '  readonly expected:',
  '  /** "Syntax error": the message a person reads is made by src/syntax/parse-error.ts. */\n  static buildMessage(expected: Expectation[], found?: string | null | undefined): string;\n',
  declarationFile,
);
writeFileSync(declarationFile, declaration);
