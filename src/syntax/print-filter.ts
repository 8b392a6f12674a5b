// print(): the public printer. A tree parse() did not make is read back from its text first
// (src/syntax/tree-validation.ts), so print() writes no other filter; the text is print.ts's.

import type { Expr } from './ast.js';
import { versionText } from './print.js';
import { madeTree } from './tree-validation.js';
import type { VersionOption } from '../language/versions.js';

/**
 * The canonical text of a tree. Walks the tree with an explicit stack, so any depth that parse()
 * accepts prints; a tree whose text would pass the runtime's longest string (only a tree built by
 * hand, sharing subtrees, can) is a 'limit' FilterError. With `version` ('2.0', '3.0', '4.0';
 * default '4.01'), the text is written for that OData version, and a construct it cannot express
 * is an 'unsupported' FilterError naming the construct, with the version as its `target`.
 */
export function print(expr: Expr, options: VersionOption = {}): string {
  return versionText(madeTree(expr), options);
}
