// The table of invalid filters: each throws a FilterError of the given kind, at the given
// position, with exactly this message, and where given, covering exactly this text.

import { describe, expect, it } from 'vitest';
import { FilterError, isFilterError, parse } from '../../src/index.js';

type InvalidCase = readonly [input: string, kind: FilterError['kind'], start: number, message: string, covers?: string];

export const INVALID: readonly InvalidCase[] = [
  ["", 'syntax', 0, "Unexpected end of input at position 0; expected an expression"],
  ["   ", 'syntax', 3, "Unexpected end of input at position 3; expected an expression"],
  ["Status eq", 'syntax', 9, "Unexpected end of input at position 9; expected an expression"],
  ["Status eq and", 'syntax', 10, "Unexpected 'and' at position 10; expected an expression"],
  ["Status eq 'Active' and", 'syntax', 22, "Unexpected end of input at position 22; expected an expression"],
  ["and a", 'syntax', 0, "Unexpected 'and' at position 0; expected an expression"],
  ["a eq 1 or or b", 'syntax', 10, "Unexpected 'or' at position 10; expected an expression"],
  ["eq 1", 'syntax', 0, "Unexpected 'eq' at position 0; expected an expression"],
  ["a eq eq 1", 'syntax', 5, "Unexpected 'eq' at position 5; expected an expression"],
  ["(a eq 1", 'syntax', 7, "Unexpected end of input at position 7; expected an operator or ')'"],
  ["a eq 1)", 'syntax', 6, "Unexpected ')' at position 6; expected an operator or end of input"],
  ["((a)", 'syntax', 4, "Unexpected end of input at position 4; expected an operator or ')'"],
  ["()", 'syntax', 1, "Unexpected ')' at position 1; expected an expression"],
  ["a eq ()", 'syntax', 6, "Unexpected ')' at position 6; expected an expression"],
  ["not", 'syntax', 3, "Unexpected end of input at position 3; expected an expression"],
  ["not not", 'syntax', 7, "Unexpected end of input at position 7; expected an expression"],
  ["a eq -", 'syntax', 6, "Unexpected end of input at position 6; expected an expression"],
  ["-", 'syntax', 1, "Unexpected end of input at position 1; expected an expression"],
  ["a add", 'syntax', 5, "Unexpected end of input at position 5; expected an expression"],
  ["a mul * 2", 'syntax', 6, "Unexpected '*' at position 6; expected an expression"],
  ["a == 1", 'syntax', 2, "Unexpected '=' at position 2; expected an operator or end of input"],
  ["a = 1", 'syntax', 2, "Unexpected '=' at position 2; expected an operator or end of input"],
  ["a && b", 'syntax', 2, "Unexpected '&' at position 2; expected an operator or end of input"],
  ["a eq 1 ;", 'syntax', 7, "Unexpected ';' at position 7; expected an operator or end of input"],
  ["@ eq 1", 'syntax', 0, "Unexpected '@' at position 0; expected an expression"],
  ["a eq 1 and b eq @", 'syntax', 16, "Unexpected '@' at position 16; expected an expression"],
  ["$filter=a eq 1", 'syntax', 0, "Unexpected '$' at position 0; expected an expression"],
  ["a eq b c", 'syntax', 7, "Unexpected 'c' at position 7; expected an operator or end of input"],
  ["a b", 'syntax', 2, "Unexpected 'b' at position 2; expected an operator or end of input"],
  ["a eq 1 2", 'syntax', 7, "Unexpected '2' at position 7; expected an operator or end of input"],
  ["x eq 'abc", 'syntax', 5, "Unterminated string literal at position 5"],
  ["x eq 'it's'", 'syntax', 9, "Unexpected 's' at position 9; expected an operator or end of input"],
  ["'", 'syntax', 0, "Unterminated string literal at position 0"],
  // A lone surrogate cannot come from UTF-8 text, and code-point semantics have no meaning for it.
  ["Name eq 'a\uD83D'", 'syntax', 10, 'String literal contains an unpaired surrogate U+D83D at position 10'],
  ["Name eq '\uDE00b'", 'syntax', 9, 'String literal contains an unpaired surrogate U+DE00 at position 9'],
  ["startswith(Name, '\uD83D''x')", 'syntax', 18, 'String literal contains an unpaired surrogate U+D83D at position 18'],
  ["x eq 12abc", 'syntax', 5, "Unexpected '12abc' at position 5; expected an expression"],
  ["x eq 1.", 'syntax', 6, "Unexpected '.' at position 6; expected an operator or end of input"],
  ["x eq .5", 'syntax', 5, "Unexpected '.5' at position 5; expected an expression"],
  ["x eq 1.5e", 'syntax', 5, "Unexpected '1.5e' at position 5; expected an expression"],
  ["x eq 0x1F", 'syntax', 5, "Unexpected '0x1F' at position 5; expected an expression"],
  ["x eq 1.5L", 'syntax', 5, "Invalid Int64 literal '1.5L' at position 5"],
  ["x eq 9223372036854775808L", 'syntax', 5, "Int64 literal '9223372036854775808L' is out of the Int64 range (without the L suffix it is a Decimal) at position 5"],
  ["x eq -9223372036854775809L", 'syntax', 5, "Int64 literal '-9223372036854775809L' is out of the Int64 range (without the L suffix it is a Decimal) at position 5"],
  ["x eq 99999999999999999999L", 'syntax', 5, "Int64 literal '99999999999999999999L' is out of the Int64 range (without the L suffix it is a Decimal) at position 5"],
  ["x eq 1e400", 'syntax', 5, "Number literal '1e400' is out of range (write INF for infinity) at position 5"],
  ["x eq 1e39f", 'syntax', 5, "Number literal '1e39f' is out of range (write INF for infinity) at position 5"],
  ["x eq 2012-13-01T00:00Z", 'syntax', 5, "Invalid date-time '2012-13-01T00:00Z': there is no month 13 at position 5"],
  ["x eq 2012-02-30T00:00Z", 'syntax', 5, "Invalid date-time '2012-02-30T00:00Z': there is no day 30 of month 02 at position 5"],
  ["x eq 2013-02-29T00:00Z", 'syntax', 5, "Invalid date-time '2013-02-29T00:00Z': there is no day 29 of month 02 at position 5"],
  ["x eq 2012-12-01T25:00Z", 'syntax', 5, "Invalid date-time '2012-12-01T25:00Z': there is no hour 25 at position 5"],
  ["x eq 2012-12-01T12:60Z", 'syntax', 5, "Invalid date-time '2012-12-01T12:60Z': there is no minute 60 at position 5"],
  ["x eq 2012-12-01T12:00:60Z", 'syntax', 5, "Invalid date-time '2012-12-01T12:00:60Z': there is no second 60 at position 5"],
  ["x eq 0000-01-01T00:00Z", 'syntax', 5, "Invalid date-time '0000-01-01T00:00Z': there is no year 0000 at position 5"],
  ["x eq 2012-12-03T07:16:23+14:01", 'syntax', 5, "Invalid date-time '2012-12-03T07:16:23+14:01': offset +14:01 is beyond ±14:00 at position 5"],
  ["x eq 2012-12-03T07:16:23-1500", 'syntax', 5, "Invalid date-time '2012-12-03T07:16:23-1500': offset -15:00 is beyond ±14:00 at position 5"],
  ["x eq 2012-12-03T07:16:23+05:60", 'syntax', 5, "Invalid date-time '2012-12-03T07:16:23+05:60': offset +05:60 is beyond ±14:00 at position 5"],
  ["x eq 2012-12-03T07:16:23.1234Z", 'unsupported', 5, "Date-time '2012-12-03T07:16:23.1234Z' is more precise than a millisecond, the precision of date-time values at position 5"],
  ["x eq 2012-12-03T07:16:23.0001Z", 'unsupported', 5, "Date-time '2012-12-03T07:16:23.0001Z' is more precise than a millisecond, the precision of date-time values at position 5"],
  ["x eq datetime'2012-12-01'", 'syntax', 5, "Invalid date-time '2012-12-01': expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm] at position 5"],
  ["x eq datetime'yesterday'", 'syntax', 5, "Invalid date-time 'yesterday': expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm] at position 5"],
  ["x eq datetime('2012-12-01T00:00Z'", 'syntax', 33, "Unexpected end of input at position 33; expected an operator, ')' or ','"],
  ["x eq datetime'2012-01-01T00:00Z", 'syntax', 31, "Unexpected end of input at position 31; expected '''"],
  ["x eq datetimeoffset'2012-13-01T00:00Z'", 'syntax', 5, "Invalid date-time '2012-13-01T00:00Z': there is no month 13 at position 5"],
  ["x eq datetime('2012-02-30T00:00Z')", 'syntax', 5, "Invalid date-time '2012-02-30T00:00Z': there is no day 30 of month 02 at position 5"],
  ["x eq guid'zz'", 'syntax', 5, "Invalid guid 'zz': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx at position 5"],
  ["x eq guid'01234567-89ab-cdef-0123-456789abcdeg'", 'syntax', 5, "Invalid guid '01234567-89ab-cdef-0123-456789abcdeg': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx at position 5"],
  ["x eq 2012-12-03", 'unsupported', 5, "Date literal '2012-12-03' (Edm.Date) is not supported; write a date-time such as 2012-12-03T00:00:00Z at position 5"],
  ["x eq duration'P1D'", 'unsupported', 5, "Literal duration'P1D' is not supported at position 5", "duration'P1D'"],
  ["x eq X'0A'", 'unsupported', 5, "Literal X'0A' is not supported at position 5", "X'0A'"],
  ["x eq foo'x'", 'syntax', 5, "Unknown literal prefix 'foo' at position 5"],
  ["x eq 7:16:23", 'syntax', 6, "Unexpected ':16:23' at position 6; expected an operator or end of input"],
  ["foo(a)", 'syntax', 0, "Unknown function 'foo' at position 0"],
  ["substring(a)", 'syntax', 0, "Function 'substring' takes 2 or 3 arguments, not 1, at position 0"],
  ["substring(a,1,2,3)", 'syntax', 0, "Function 'substring' takes 2 or 3 arguments, not 4, at position 0"],
  ["length()", 'syntax', 0, "Function 'length' takes 1 argument, not 0, at position 0"],
  ["length(a, b)", 'syntax', 0, "Function 'length' takes 1 argument, not 2, at position 0"],
  ["tolower()", 'syntax', 0, "Function 'tolower' takes 1 argument, not 0, at position 0"],
  ["concat('a')", 'syntax', 0, "Function 'concat' takes 2 arguments, not 1, at position 0"],
  ["replace(a, 'b')", 'syntax', 0, "Function 'replace' takes 3 arguments, not 2, at position 0"],
  ["now() gt x", 'unsupported', 0, "Function 'now' is not supported at position 0", 'now'],
  ["cast(x, 'Edm.String')", 'unsupported', 0, "Function 'cast' is not supported at position 0", 'cast'],
  ["isof('Edm.String')", 'unsupported', 0, "Function 'isof' is not supported at position 0", 'isof'],
  // Constructs of the OData conventions outside the language are 'unsupported', named, never a
  // syntax error a client cannot tell from a typo.
  ["cast(x, Edm.String) eq 'a'", 'unsupported', 0, "Function 'cast' is not supported at position 0", 'cast'],
  ['x eq CAST (y, Edm.Int32)', 'unsupported', 5, "Function 'CAST' is not supported at position 5", 'CAST'],
  ['isof(Edm.Int32)', 'unsupported', 0, "Function 'isof' is not supported at position 0", 'isof'],
  ['isof(x, NS.Employee) and y', 'unsupported', 0, "Function 'isof' is not supported at position 0", 'isof'],
  ['fractionalseconds(x) eq 0.5', 'unsupported', 0, "Function 'fractionalseconds' is not supported at position 0", 'fractionalseconds'],
  ["Color eq NS.Color'Red'", 'unsupported', 9, "Enumeration literal NS.Color'Red' is not supported at position 9", "NS.Color'Red'"],
  ["x eq Model.Fn(1, 'a')", 'unsupported', 5, "Function 'Model.Fn' is not supported at position 5", 'Model.Fn'],
  ['x eq Edm.String', 'unsupported', 5, "Qualified name 'Edm.String' is not supported at position 5", 'Edm.String'],
  ["Address/NS.HomeAddress/City eq 'x'", 'unsupported', 8, "Type cast 'NS.HomeAddress' is not supported at position 8", 'NS.HomeAddress'],
  ['a/NS.Fn(1) eq 2', 'unsupported', 0, "Bound function 'NS.Fn' is not supported at position 0", 'a/NS.Fn'],
  ["geo.distance(Location, geography'POINT(-122 43)') lt 900", 'unsupported', 0, "Function 'geo.distance' is not supported at position 0", 'geo.distance'],
  ["geo.intersects(Location, geography'POLYGON((0 0, 1 1, 1 0, 0 0))')", 'unsupported', 0, "Function 'geo.intersects' is not supported at position 0", 'geo.intersects'],
  ["x eq geography'SRID=4326;POINT(-122 43)'", 'unsupported', 5, "Literal geography'SRID=4326;POINT(-122 43)' is not supported at position 5", "geography'SRID=4326;POINT(-122 43)'"],
  ["x eq geometry'POINT(1 2)'", 'unsupported', 5, "Literal geometry'POINT(1 2)' is not supported at position 5", "geometry'POINT(1 2)'"],
  ["Tags/any(t: t eq $this)", 'unsupported', 17, "Implicit variable '$this' is not supported at position 17", '$this'],
  ['length($this) gt 1', 'unsupported', 7, "Implicit variable '$this' is not supported at position 7", '$this'],
  ["x eq $root/People('a')/Age", 'unsupported', 5, "Service-root path '$root' is not supported at position 5", '$root'],
  ['$its eq 1', 'syntax', 0, "Unexpected '$' at position 0; expected an expression"],
  // An alias's value is one literal: never the list of `in`, nor an item of a list.
  ['x in @list', 'unsupported', 5, "Parameter alias '@list' in the list of 'in' is not supported; write the literals in the list itself, such as (1, 2), at position 5", '@list'],
  ['x in (1, @p)', 'unsupported', 9, "Parameter alias '@p' in the list of 'in' is not supported; write the literals in the list itself, such as (1, 2), at position 9", '@p'],
  ['x in (@p)', 'unsupported', 6, "Parameter alias '@p' in the list of 'in' is not supported; write the literals in the list itself, such as (1, 2), at position 6", '@p'],
  // `@` needs a name: a letter or `_`, then word characters.
  ['x eq @1', 'syntax', 5, "Unexpected '@' at position 5; expected an expression"],
  ['x eq @ p', 'syntax', 5, "Unexpected '@' at position 5; expected an expression"],
  ['x eq @p/Name', 'syntax', 7, "Unexpected '/' at position 7; expected an operator or end of input"],
  ['@p(1)', 'syntax', 2, "Unexpected '(' at position 2; expected an operator or end of input"],
  ["x eq time'PT1H'", 'unsupported', 5, "Literal time'PT1H' is not supported at position 5", "time'PT1H'"],
  ["x eq binary'AAE='", 'unsupported', 5, "Literal binary'AAE=' is not supported at position 5", "binary'AAE='"],
  ['x eq 07:16:23', 'unsupported', 5, "Time-of-day literal '07:16:23' (Edm.TimeOfDay) is not supported at position 5", '07:16:23'],
  ['x lt 23:59:59.999 and y', 'unsupported', 5, "Time-of-day literal '23:59:59.999' (Edm.TimeOfDay) is not supported at position 5", '23:59:59.999'],
  ['x in ["a", "b]"] and y', 'unsupported', 5, "JSON array as the list of 'in' is not supported; write the list in parentheses, such as ('a', 'b'), at position 5", '["a", "b]"]'],
  ['x in [[1], [2]]', 'unsupported', 5, "JSON array as the list of 'in' is not supported; write the list in parentheses, such as ('a', 'b'), at position 5", '[[1], [2]]'],
  ['x in [1, 2', 'unsupported', 5, "JSON array as the list of 'in' is not supported; write the list in parentheses, such as ('a', 'b'), at position 5", '[1, 2'],
  ["a/b/fn(1)", 'unsupported', 0, "Bound function 'fn' is not supported at position 0", 'a/b/fn'],
  // Only `any` and `all` spelt so are lambda operators, as in the OData ABNF.
  ["Tags/Any(t: t eq 'x')", 'unsupported', 0, "Bound function 'Any' is not supported at position 0", 'Tags/Any'],
  ['Tags/ALL()', 'unsupported', 0, "Bound function 'ALL' is not supported at position 0", 'Tags/ALL'],
  ['Tags/NS.any(t: t)', 'unsupported', 0, "Bound function 'NS.any' is not supported at position 0", 'Tags/NS.any'],
  ["x has Color'Red'", 'unsupported', 2, "Operator 'has' is not supported at position 2", 'has'],
  ["x has NS.Color'Red'", 'unsupported', 2, "Operator 'has' is not supported at position 2", 'has'],
  // A typo near an unsupported construct is still a syntax error.
  ['a. eq 1', 'syntax', 1, "Unexpected '.' at position 1; expected an operator or end of input"],
  ['x eq 1.e5', 'syntax', 6, "Unexpected '.e5' at position 6; expected an operator or end of input"],
  ['cas(x)', 'syntax', 0, "Unknown function 'cas' at position 0"],
  ["substring(a,", 'syntax', 12, "Unexpected end of input at position 12; expected an expression"],
  ["substring(a b)", 'syntax', 12, "Unexpected 'b' at position 12; expected an operator, ',' or ')'"],
  ["substring(a,,1)", 'syntax', 12, "Unexpected ',' at position 12; expected an expression"],
  ["length(a", 'syntax', 8, "Unexpected end of input at position 8; expected an operator, ',' or ')'"],
  ["f(", 'syntax', 2, "Unexpected end of input at position 2; expected an expression or ')'"],
  ["a/", 'syntax', 2, "Unexpected end of input at position 2; expected a property or function name"],
  ["a/b/ eq 1", 'syntax', 4, "Unexpected whitespace at position 4; expected a property or function name"],
  ["a//b", 'syntax', 2, "Unexpected '/' at position 2; expected a property or function name"],
  ["/a eq 1", 'syntax', 0, "Unexpected '/' at position 0; expected an expression"],
  ["a/1 eq 2", 'syntax', 2, "Unexpected '1' at position 2; expected a property or function name"],
  ["a/and eq 1", 'syntax', 2, "Unexpected 'and' at position 2; expected a property or function name"],
  ["x in (1", 'syntax', 7, "Unexpected end of input at position 7; expected ',' or ')'"],
  ["x in (a)", 'syntax', 6, "Unexpected 'a' at position 6; expected a literal or ')'"],
  ["x in 1", 'syntax', 5, "Unexpected '1' at position 5; expected a list in parentheses or a collection's path"],
  ["x in (1,)", 'syntax', 8, "Unexpected ')' at position 8; expected a literal"],
  ["x in (1 2)", 'syntax', 8, "Unexpected '2' at position 8; expected ',' or ')'"],
  ["x in ((1))", 'syntax', 6, "Unexpected '(' at position 6; expected a literal or ')'"],
  ["x in (-a)", 'syntax', 6, "Unexpected '-a' at position 6; expected a literal or ')'"],
  ["x in", 'syntax', 4, "Unexpected end of input at position 4; expected a list in parentheses or a collection's path"],
  ["x in (f(1))", 'syntax', 6, "Unknown function 'f' at position 6"],
  ["x eq\u00a01", 'syntax', 4, "Unexpected character U+00A0 at position 4; expected an expression"],
  ["x eq 1 \u0000", 'syntax', 7, "Unexpected character U+0000 at position 7; expected an operator or end of input"],
  ["a eq 'x' and b eq 'y' )", 'syntax', 22, "Unexpected ')' at position 22; expected an operator or end of input"],
  ["nullx eq 1 and null eq", 'syntax', 22, "Unexpected end of input at position 22; expected an expression"],
  ['x eq \ud800', 'syntax', 5, 'Unexpected character U+D800 at position 5; expected an expression'],
  ['x eq \u200b1', 'syntax', 5, 'Unexpected character U+200B at position 5; expected an expression'],
  // Lambdas: `v: body`, or nothing inside `any()`; `all()` has no empty form.
  ['Tags/any(t t eq 1)', 'syntax', 11, "Unexpected 't' at position 11; expected ':'"],
  ['Tags/any(t:)', 'syntax', 11, "Unexpected ')' at position 11; expected an expression"],
  ['Tags/any(t: )', 'syntax', 12, "Unexpected ')' at position 12; expected an expression"],
  ['Tags/all()', 'syntax', 9, "Unexpected ')' at position 9; expected a range variable: all() needs one and a condition, as in all(x: x ne null)", ')'],
  ['Tags/all( )', 'syntax', 10, "Unexpected ')' at position 10; expected a range variable: all() needs one and a condition, as in all(x: x ne null)", ')'],
  ['Tags/any(and: true)', 'syntax', 9, "Unexpected 'and:' at position 9; expected a range variable or ')'"],
  ['Tags/any(1)', 'syntax', 9, "Unexpected '1' at position 9; expected a range variable or ')'"],
  ['Tags/any(t: t eq 1', 'syntax', 18, "Unexpected end of input at position 18; expected an operator or ')'"],
  ['Tags/any(t: t) eq 1)', 'syntax', 19, "Unexpected ')' at position 19; expected an operator or end of input"],
  ['Tags/any(t, u: t)', 'syntax', 10, "Unexpected ',' at position 10; expected ':'"],
  ['any(t: t eq 1)', 'syntax', 5, "Unexpected ':' at position 5; expected an operator, ',' or ')'"],
  ['Tags/any(t: $it/any(u: u))/x', 'syntax', 26, "Unexpected '/' at position 26; expected an operator or end of input"],
  // `$count` ends a path; `$it` only heads one.
  ['Tags/$count/x', 'syntax', 11, "Unexpected '/' at position 11; expected an operator or end of input"],
  ['Tags/$count(1)', 'syntax', 11, "Unexpected '(' at position 11; expected an operator or end of input"],
  ['Tags/$counts gt 1', 'syntax', 5, "Unexpected '$' at position 5; expected a property or function name"],
  ['$count gt 1', 'syntax', 0, "Unexpected '$' at position 0; expected an expression"],
  ['Tags/$it eq 1', 'syntax', 5, "Unexpected '$' at position 5; expected a property or function name"],
  ['$it(1) eq 1', 'syntax', 0, "Unknown function '$it' at position 0"],
  // `in Path` takes a member path: nothing else that starts with a word.
  ['x in length(y)', 'syntax', 5, "Expected a list in parentheses or a collection's path after 'in' at position 5", 'length(y)'],
  ['x in Tags/$count', 'syntax', 5, "Expected a list in parentheses or a collection's path after 'in' at position 5", 'Tags/$count'],
  ['x in Tags/any()', 'syntax', 5, "Expected a list in parentheses or a collection's path after 'in' at position 5", 'Tags/any()'],
  ['x in true', 'syntax', 5, "Expected a list in parentheses or a collection's path after 'in' at position 5", 'true'],
  ['x in Tags/', 'syntax', 10, "Unexpected end of input at position 10; expected a property or function name"],
];

describe('invalid filters', () => {
  it('has at least 60 cases', () => {
    expect(INVALID.length).toBeGreaterThanOrEqual(60);
  });

  it.each(INVALID.map((c) => [JSON.stringify(c[0]), ...c] as const))('%s', (_name, input, kind, start, message, covers) => {
    let caught: unknown;
    try {
      parse(input);
    } catch (error) {
      caught = error;
    }
    expect(isFilterError(caught)).toBe(true);
    const error = caught as FilterError;
    expect({ kind: error.kind, start: error.start, message: error.message }).toEqual({ kind, start, message });
    expect(error.code).toBe('BadRequest');
    expect(error.end).toBeGreaterThanOrEqual(error.start);
    expect(error.end).toBeLessThanOrEqual(input.length);
    if (covers !== undefined) expect(input.slice(error.start, error.end)).toBe(covers);
    expect(error.text).toBe(input);
  });
});
