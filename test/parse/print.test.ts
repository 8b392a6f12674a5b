// The printer: minimal parentheses and canonical spelling.

import { describe, expect, it } from 'vitest';
import { parse, print } from '../../src/index.js';

describe('print', () => {
  it.each([
    // Parentheses only where precedence or associativity needs them.
    ['a sub (b add c)', 'a sub (b add c)'],
    ['(a sub b) add c', 'a sub b add c'],
    ['(a or b) and c', '(a or b) and c'],
    ['a or (b and c)', 'a or b and c'],
    ['-(5)', '-(5)'],
    ['-(a)', '-a'],
    ['-(-(a))', '-(-a)'],
    ['not (a eq b)', 'not (a eq b)'],
    ['(not a) eq b', 'not a eq b'],
    ['not (not (a))', 'not not a'],
    ['(a mul b) mul c', 'a mul b mul c'],
    ['a mul (b mul c)', 'a mul (b mul c)'],
    ['a div (b div c)', 'a div (b div c)'],
    ['((a add b)) in (1)', '(a add b) in (1)'],
    ['a add (b in (1))', 'a add b in (1)'],
    ['(a eq b) in (true)', '(a eq b) in (true)'],
    ['(a in (1)) in (true)', 'a in (1) in (true)'],
    ['not (a in (true))', 'not a in (true)'],
    ['(not a) in (true)', '(not a) in (true)'],
    ['-(a in (1))', '-a in (1)'],
    ['-(5 in (1))', '-(5 in (1))'],
    ['(-a) in (1)', '(-a) in (1)'],
    ['(a in (1)) eq true', 'a in (1) eq true'],
    ['-(a add b) mul c', '-(a add b) mul c'],
    ['length((a)) eq (1)', 'length(a) eq 1'],
    // Canonical spelling: lower-case keywords and function names, one space around operators,
    // ', ' between arguments, identifiers and literals as written.
    ["SubstringOf( 'ann' ,ToLower(Email))  EQ  TRUE", "substringof('ann', tolower(Email)) eq true"],
    ['NOT(IsPublic)  AND  Price\tGE\n2.50M', 'not IsPublic and Price ge 2.50M'],
    ["DateTime'2000-12-12T12:00' lt X", "DateTime'2000-12-12T12:00' lt X"],
    ["datetime ( '2000-12-12T12:00Z' ) lt X", "datetime('2000-12-12T12:00Z') lt X"],
    ['x eq NULL', 'x eq null'],
    ["datetime(('2000'))", "datetime(('2000'))"],
    // Lambdas: one space after the colon, none before; `any()` empty. The body needs no parentheses.
    ["Tags/any(t:t eq 'red')", "Tags/any(t: t eq 'red')"],
    ['Tags/all(t :  (t or u))', 'Tags/all(t: t or u)'],
    ['Tags/any( )', 'Tags/any()'],
    ['(Tags/any(t: t)) and (Tags/$count gt 1)', 'Tags/any(t: t) and Tags/$count gt 1'],
    // `$count` is a primary operand; `in` a collection's path binds as `in (…)` does.
    ['-(Tags/$count)', '-Tags/$count'],
    ['(Tags/$count) in (1)', 'Tags/$count in (1)'],
    ['(a add b) in Tags', '(a add b) in Tags'],
    ['a add (b in Tags)', 'a add b in Tags'],
    ['not (a in Tags)', 'not a in Tags'],
    ['(not a) in Tags', '(not a) in Tags'],
    ['(-a) in Tags', '(-a) in Tags'],
    ['-(5 in Tags)', '-(5 in Tags)'],
    ['(a in Tags) in (true)', 'a in Tags in (true)'],
    ['(a in (1)) in Flags', 'a in (1) in Flags'],
    ['(a eq b) in Flags', '(a eq b) in Flags'],
  ])('%j prints as %j', (input, expected) => {
    const printed = print(parse(input));
    expect(printed).toBe(expected);
    expect(print(parse(printed))).toBe(printed);
  });
});
