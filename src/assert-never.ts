// The end of every exhaustive dispatch over node kinds. The compiler proves it unreachable for
// trees that parse() and check() make; a tree built by hand with a kind no stage knows reaches it
// at run time and is refused as every stage refuses a malformed tree.

import { malformedTree } from './errors.js';

export function assertNever(node: never, what = 'node kind'): never {
  const kind = (node as { kind?: unknown } | null)?.kind;
  throw malformedTree(node, `unknown ${what} ${JSON.stringify(kind) ?? String(kind)}`);
}
