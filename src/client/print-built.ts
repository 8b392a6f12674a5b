// printBuilt(): the text of a tree build() made, without reading it back. print() reads a tree made
// by hand back from its text first (src/syntax/tree-validation.ts), which needs the parser; a tree
// the package made is taken as it is, so a client that builds and prints filters bundles no parser.

import type { Expr } from '../syntax/ast.js';
import { isMadeTree } from '../syntax/made-trees.js';
import { versionText } from '../syntax/print.js';
import type { VersionOption } from '../language/versions.js';

/**
 * The canonical text of a tree build() (or parse()) made, as print() writes it: with `version`,
 * for that OData version (`in` as its chain of `eq`, `contains` as `substringof`, …), a construct
 * it cannot express an 'unsupported' FilterError. Any other tree is a TypeError: print() takes it.
 */
export function printBuilt(tree: Expr, options: VersionOption = {}): string {
  if (!isMadeTree(tree))
    throw new TypeError('printBuilt() prints the trees build() and parse() make; print() reads any other tree first');
  return versionText(tree, options);
}
