import { describe, expect, it } from 'vitest';
import { parse, print, withoutSpans, isFilterError } from '../../src/index.js';

describe('parse smoke', () => {
  it('parses the seed example and prints it back', () => {
    const text = "Status eq 'Active' and year(StartDateTime) eq 2012 and substringof('ann', tolower(Email))";
    const tree = parse(text);
    expect(tree.kind).toBe('logical');
    expect(print(tree)).toBe(text);
    expect(withoutSpans(parse(print(tree)))).toEqual(withoutSpans(tree));
  });

  it('reports a misplaced parenthesis with its position', () => {
    try {
      parse('Status eq ) and x');
      expect.unreachable();
    } catch (e) {
      expect(isFilterError(e)).toBe(true);
      expect((e as Error).message).toBe("Unexpected ')' at position 10; expected an expression");
    }
  });
});
