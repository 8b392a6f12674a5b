// What the grammar accepts at an offset of a filter being typed: the generated parser is run on
// the text before the offset followed by a character no rule accepts, and its failure lists the
// expectations at the offset — or shows that the text has a syntax error before it.

import { actions } from '../../syntax/actions/index.js';
import { parse as generatedParse, SyntaxError as GeneratedSyntaxError } from '../../generated/parser.js';

/** The kinds of thing the grammar accepts at an offset. */
export interface ExpectedSyntax {
  /** An operand: a property path, a function call, a literal, `not`, `(`. */
  readonly operand: boolean;
  /** A literal only: an item of an `in` list. */
  readonly literal: boolean;
  /** A binary operator (`eq`, `and`, `add`, `in`, `has`, …), after an operand. */
  readonly operator: boolean;
  /** A lambda's range variable (after `any(`, `all(`). */
  readonly rangeVariable: boolean;
  /** A type name (`cast(x, Edm.`). */
  readonly typeName: boolean;
  /** The list of `in`: a list in parentheses, a JSON array, an alias or a collection's path. */
  readonly list: boolean;
}

const NOTHING_ACCEPTS = '\u0000';

/** What may come at `offset`, or undefined when the text has a syntax error before it. */
export function expectedSyntaxAt(text: string, offset: number): ExpectedSyntax | undefined {
  const probe = text.slice(0, offset) + NOTHING_ACCEPTS;
  try {
    generatedParse(probe, { actions });
  } catch (error) {
    if (!(error instanceof GeneratedSyntaxError) || error.location.start.offset !== offset) return undefined;
    const described = new Set<string>();
    for (const e of error.expected ?? []) {
      if (e.type === 'literal') described.add(`'${e.text}'`);
      else if (e.type === 'other') described.add(e.description);
    }
    return {
      operand: described.has('a property or function name'),
      literal: described.has('a literal'),
      operator: described.has('an operator'),
      rangeVariable: described.has('a range variable'),
      typeName: described.has('a type name such as Edm.Int32'),
      list: described.has("a collection's path"),
    };
  }
  return undefined;
}
