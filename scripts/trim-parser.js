// Removes from the parser peggy generates what this package never calls: the error's format()
// (a caret rendering against the grammar's sources) and buildMessage()'s description of the
// expectations in peggy's words. src/syntax/parse-error.ts makes every syntax error's message
// from the error's `expected` and `location`, which stay; without the two, a browser client's
// bundle is some 0.8 KB (gzipped) smaller. Run by `npm run generate` after peggy; it fails, and
// so the build, if peggy's output no longer has the shape it cuts.

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
