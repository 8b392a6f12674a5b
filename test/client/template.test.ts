// filter(schema)`…`: each hole's value written as a literal of its place's type, never guessed
// from the value; a value that does not fit is a FilterError at the hole, in the template's text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineSchema } from '../../src/index.js';
import { Event, PublicEventTemplateCategoryItem, VenueRoom } from '../../src/examples/events/index.js';
import { filter } from '../../src/client/index.js';
import { GUID, ITEM_PROPERTIES } from '../support/client-item.js';
import { thrownFilterError } from '../support/thrown.js';

const Item = defineSchema({ name: 'Item', properties: ITEM_PROPERTIES });
const Shop = defineSchema({
  name: 'Shop',
  properties: { Color: { enum: { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true } } },
});

describe('filter`…`', () => {
  it.each([
    ['a string, its quotes doubled', filter(Item)`Name eq ${"O'Brien's"}`, "Name eq 'O''Brien''s'"],
    ['a string that only looks like a guid, still a string', filter(Item)`Name eq ${GUID}`, `Name eq '${GUID}'`],
    ['a guid where a guid goes', filter(Item)`Key eq ${GUID}`, `Key eq ${GUID}`],
    [
      'an Int64 beyond 2^53 from a bigint, exactly',
      filter(Item)`Big eq ${9007199254740993n}`,
      'Big eq 9007199254740993',
    ],
    [
      'a Decimal without binary rounding or an exponent',
      filter(Item)`Price eq ${0.1} or Price gt ${1e21}`,
      'Price eq 0.1 or Price gt 1000000000000000000000',
    ],
    ['a Double', filter(Item)`Ratio lt ${2.5e-7}`, 'Ratio lt 0.00000025'],
    ['a boolean', filter(Item)`Active eq ${false}`, 'Active eq false'],
    [
      'a Date as its instant',
      filter(Item)`Created gt ${new Date(Date.UTC(2012, 1, 29, 10, 30))}`,
      'Created gt 2012-02-29T10:30:00.000Z',
    ],
    [
      'a date, a time of day and a duration from their texts',
      filter(Item)`Day eq ${'2012-02-29'} and At lt ${'08:30'} and Took gt ${'PT1H'}`,
      "Day eq 2012-02-29 and At lt 08:30 and Took gt duration'PT1H'",
    ],
    [
      'values finer than a millisecond from their texts',
      filter(
        Item,
      )`Created gt ${'2012-02-29T10:30:00.000001Z'} and At lt ${'08:30:00.0000005'} and Took gt ${'PT0.000000000001S'}`,
      "Created gt 2012-02-29T10:30:00.000001Z and At lt 08:30:00.0000005 and Took gt duration'PT0.000000000001S'",
    ],
    ['null', filter(Item)`Name eq ${null}`, 'Name eq null'],
    [
      'text that would be an operator stays one string',
      filter(Item)`Name eq ${"x' or 1 eq 1 or 'a"}`,
      "Name eq 'x'' or 1 eq 1 or ''a'",
    ],
    ['a value where a property name could go is a value', filter(Item)`${'Name'} eq Name`, "'Name' eq Name"],
    ['inside a lambda, typed by the variable', filter(Item)`Tags/any(t: t eq ${'red'})`, "Tags/any(t: t eq 'red')"],
    [
      'in arithmetic, typed by the other operand',
      filter(VenueRoom)`Capacity add ${5} gt ${100}`,
      'Capacity add 5 gt 100',
    ],
    ['a function argument', filter(Event)`startswith(Code, ${'EV_%'})`, "startswith(Code, 'EV_%')"],
    ['no holes', filter(Item)`Id gt 5`, 'Id gt 5'],
    [
      "an array as the list of in, each item of the operand's type",
      filter(Item)`Name in ${["a'b", 'c']} and Id in ${[1, 2, 3]}`,
      "Name in ('a''b', 'c') and Id in (1, 2, 3)",
    ],
    ['an empty list', filter(Item)`Key in ${[]}`, 'Key in ()'],
    ['a list of guids, bare', filter(Item)`Key in ${[GUID]}`, `Key in (${GUID})`],
    [
      'the members `has` tests, by name or value, as an enumeration literal',
      filter(Shop)`Color has ${'Blue'} or Color has ${'Red,Green'} or Color has ${5}`,
      "Color has Sales.Color'Blue' or Color has Sales.Color'Red,Green' or Color has Sales.Color'5'",
    ],
  ])('writes %s', (_, built, text) => {
    expect(built.text).toBe(text);
    expect(String(built)).toBe(text);
    expect(built.typed.text).toBe(text);
  });

  it('builds the checked tree, the hole a literal of its value', () => {
    const built = filter(PublicEventTemplateCategoryItem)`Tags/any(t: t eq ${"it's"}) and CategoryID eq ${7}`;
    expect(JSON.stringify(built.typed.root)).toContain('"value":"it\'s"');
  });

  it.each([
    [
      'a string where an Int32 goes',
      () => filter(Item)`Id eq ${'5'}`,
      6,
      'The value at ${0} is the string "5", which is no Edm.Int32, the type of its place',
    ],
    [
      'a number beyond Int32',
      () => filter(Item)`Id eq ${2 ** 31}`,
      6,
      'The value at ${0} is the number 2147483648, which is no Edm.Int32, the type of its place',
    ],
    [
      'a fraction where an integer goes',
      () => filter(Item)`Big eq ${1.5}`,
      7,
      'The value at ${0} is the number 1.5, which is no Edm.Int64, the type of its place',
    ],
    [
      'a number where a string goes',
      () => filter(Item)`Name eq ${5}`,
      8,
      'The value at ${0} is the number 5, which is no Edm.String, the type of its place',
    ],
    [
      'a string where a guid goes',
      () => filter(Item)`Key eq ${'not-a-guid'}`,
      7,
      'The value at ${0} is the string "not-a-guid", which is no Edm.Guid, the type of its place',
    ],
    [
      'an invalid Date',
      () => filter(Item)`Created gt ${new Date(NaN)}`,
      11,
      'The value at ${0} is the Date Invalid Date, which is no Edm.DateTimeOffset, the type of its place',
    ],
    [
      "an instant's text without its zone",
      () => filter(Item)`Created gt ${'2012-02-29T10:30:00.000001'}`,
      11,
      'The value at ${0} is the string "2012-02-29T10:30:00.000001", which is no Edm.DateTimeOffset, the type of its place',
    ],
    [
      "an instant's text with a 13th digit",
      () => filter(Item)`Created gt ${'2012-02-29T10:30:00.0000000000001Z'}`,
      11,
      'The value at ${0} is the string "2012-02-29T10:30:00.0000000000001Z", which is no Edm.DateTimeOffset, the type of its place: Date-time \'2012-02-29T10:30:00.0000000000001Z\' is more precise than a picosecond (12 fractional digits), the precision of date-time values',
    ],
    [
      'undefined',
      () => filter(Item)`Name eq ${undefined}`,
      8,
      'The value at ${0} is undefined, which is no Edm.String, the type of its place',
    ],
    [
      'an array where one value goes',
      () => filter(Item)`Name eq ${['a']}`,
      8,
      'The value at ${0} is an array, which only the list of `in` can be',
    ],
    [
      'a list item of another type',
      () => filter(Item)`Id in ${[1, '2']}`,
      6,
      'Item 1 of the list at ${0} is the string "2", which is no Edm.Int32, the type of its place',
    ],
    [
      'a string with a lone surrogate, which no UTF-8 text can carry',
      () => filter(Item)`Name eq ${'a\uD800'}`,
      8,
      'The value at ${0} is the string "a\\ud800", which is no Edm.String, the type of its place: String literal contains an unpaired surrogate U+D800',
    ],
    [
      'a date no calendar has',
      () => filter(Item)`Day eq ${'2023-02-29'}`,
      7,
      'The value at ${0} is the string "2023-02-29", which is no Edm.Date, the type of its place: Invalid date \'2023-02-29\': there is no day 29 of month 02 in 2023',
    ],
    [
      'a time of day past midnight',
      () => filter(Item)`At eq ${'24:00'}`,
      6,
      'The value at ${0} is the string "24:00", which is no Edm.TimeOfDay, the type of its place: Invalid time of day \'24:00\': there is no hour 24',
    ],
    [
      'a duration with no part',
      () => filter(Item)`Took eq ${'PT'}`,
      8,
      'The value at ${0} is the string "PT", which is no Edm.Duration, the type of its place: Invalid duration \'PT\': expected [-]P[nD][T[nH][nM][n[.fff]S]] with at least one part (days, hours, minutes, seconds)',
    ],
    [
      'a Date beyond the years a literal writes',
      () => filter(Item)`Created gt ${new Date(8.64e15)}`,
      11,
      "The value at ${0} is the Date +275760-09-13T00:00:00.000Z, which is no Edm.DateTimeOffset, the type of its place: Invalid date-time '+275760-09-13T00:00:00.000Z': expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]",
    ],
    [
      'one value where a list goes',
      () => filter(Item)`Id in ${5}`,
      6,
      'The value at ${0} is the number 5, which is no list: `in` takes an array',
    ],
  ])('refuses %s at the hole', (_, build, start, message) => {
    const error = thrownFilterError(build);
    expect(error.kind).toBe('type');
    expect(error.issues).toEqual([{ code: 'value_does_not_fit', message, start, end: start + 4 }]);
    expect(error.text!.slice(start, start + 4)).toBe('${0}');
  });

  it('reports every hole that does not fit at once', () => {
    const error = thrownFilterError(() => filter(Item)`Id eq ${'1'} and Name eq ${'ok'} and Active eq ${1}`);
    expect(error.issues.map((i) => [i.start, error.text!.slice(i.start, i.end)])).toEqual([
      [6, '${0}'],
      [42, '${2}'],
    ]);
  });

  it('places the template’s own errors in its text, holes shown as ${n}', () => {
    const syntax = thrownFilterError(() => filter(Item)`Name eq ${'a'} and`);
    expect(syntax.text).toBe('Name eq ${0} and');
    expect(syntax.issues[0]!.code).toBe('unexpected_end');
    const unknown = thrownFilterError(() => filter(Item)`Nope eq ${'a'} or Name eq ${'b'}`);
    expect(unknown.issues.map((i) => [i.code, unknown.text!.slice(i.start, i.end)])).toEqual([
      ['unknown_property', 'Nope'],
    ]);
    // After a hole whose literal is longer than `${n}`, positions are the template's.
    const late = thrownFilterError(() => filter(Item)`Name eq ${'a long value'} and Nope eq 1`);
    expect(late.text!.slice(late.issues[0]!.start, late.issues[0]!.end)).toBe('Nope');
  });

  it('refuses null where `has` takes a member, as the checker refuses `Color has null`', () => {
    const error = thrownFilterError(() => filter(Shop)`Color has ${null}`);
    expect(error.issues.map((i) => [i.code, error.text!.slice(i.start, i.end)])).toEqual([['type_mismatch', '${0}']]);
  });

  it('refuses a member the enumeration does not have at its hole', () => {
    const error = thrownFilterError(() => filter(Shop)`Color has ${'Purple'}`);
    expect(error.issues.map((i) => [i.code, error.text!.slice(i.start, i.end)])).toEqual([
      ['unknown_enum_member', '${0}'],
    ]);
  });

  it('refuses a template that itself names an alias @__<n>', () => {
    expect(() => filter(Item)`Name eq @__0 and Id eq ${1}`).toThrow(TypeError);
  });

  it('writes any string so that it reads back as itself (or refuses it at the hole)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom("'", '"', '%', '&', '#', '+', '\\', ')', '(', ' ', '@', '\uD800', '😀'),
            fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
          ),
          maxLength: 30,
        }),
        (value) => {
          let built;
          try {
            built = filter(Item)`Name eq ${value} and Id gt ${3}`;
          } catch (error) {
            const e = thrownFilterError(() => {
              throw error;
            });
            expect(e.text!.slice(e.issues[0]!.start, e.issues[0]!.end)).toBe('${0}');
            return;
          }
          const root = built.typed.root as unknown as { operands: { right: { value: unknown } }[] };
          expect(root.operands[0]!.right.value).toBe(value);
        },
      ),
    );
  });
});
