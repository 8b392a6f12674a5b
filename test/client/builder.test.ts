// where(schema, (row) => …): built filters and the text they print, written by hand; values
// written as the filter template writes them; parentheses where the meaning needs them; lambda
// variables that never shadow; a wrong value, path or use refused at run time for untyped callers.
// build() and printBuilt(), the steps where() takes before it checks.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, FilterError, parse, print } from '../../src/index.js';
import { Contact, Event, Registration, VenueRoom } from '../../src/examples/events/index.js';
import type { TypedExpr } from '../../src/index.js';
import { and, build, filter, maxdatetime, not, now, or, printBuilt, where } from '../../src/client/index.js';
import type { BuiltFilter, Condition } from '../../src/client/index.js';
import { GUID, ITEM_PROPERTIES } from '../support/client-item.js';
import { thrown, thrownFilterError } from '../support/thrown.js';
import { typedWithoutSpans } from '../support/trees.js';

const Item = defineSchema({
  name: 'Item',
  properties: {
    ...ITEM_PROPERTIES,
    Small: 'Edm.Byte',
    Legacy: 'Edm.DateTime',
    Color: { enum: { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true } },
    t: 'Edm.String',
    Lines: {
      collection: { properties: { Qty: 'Edm.Int32', Links: { collection: { properties: { Label: 'Edm.String' } } } } },
    },
    Where: { properties: { City: 'Edm.String' } },
  },
});

const JAN_2012 = new Date(Date.UTC(2012, 0, 1));

describe('where()', () => {
  it.each<[string, () => BuiltFilter, string]>([
    [
      'a comparison and an instant',
      () => where(Contact, (c) => c.Status.eq('Active').and(c.CreatedDateTime.gt(JAN_2012))),
      "Status eq 'Active' and CreatedDateTime gt 2012-01-01T00:00:00.000Z",
    ],
    [
      'a function and a lambda',
      () =>
        where(Event, ($) =>
          and(
            $.Code.contains('x'),
            $.Sessions.any((s) => s.Status.eq('Open')),
          ),
        ),
      "contains(Code, 'x') and Sessions/any(s: s/Status eq 'Open')",
    ],
    ['a string, its quotes doubled', () => where(Item, (i) => i.Name.eq("O'Brien's")), "Name eq 'O''Brien''s'"],
    [
      'text that looks like an operator, one string',
      () => where(Item, (i) => i.Name.ne("x' or 1 eq 1 or 'a")),
      "Name ne 'x'' or 1 eq 1 or ''a'",
    ],
    ['a guid, bare', () => where(Item, (i) => i.Key.eq(GUID)), `Key eq ${GUID}`],
    [
      'an Int64 beyond 2^53 from a bigint',
      () => where(Item, (i) => i.Big.ge(9007199254740993n)),
      'Big ge 9007199254740993',
    ],
    [
      'a Decimal exactly, no exponent',
      () => where(Item, (i) => i.Price.lt(0.1).or(i.Price.gt(1e21))),
      'Price lt 0.1 or Price gt 1000000000000000000000',
    ],
    ['a Double', () => where(Item, (i) => i.Ratio.le(2.5e-7)), 'Ratio le 0.00000025'],
    ['a boolean operand as the filter', () => where(Item, (i) => i.Active), 'Active'],
    ['a boolean compared', () => where(Item, (i) => i.Active.eq(false)), 'Active eq false'],
    [
      'a date, a time of day, a duration',
      () => where(Item, (i) => and(i.Day.eq('2012-02-29'), i.At.lt('08:30'), i.Took.gt('PT1H'))),
      "Day eq 2012-02-29 and At lt 08:30 and Took gt duration'PT1H'",
    ],
    ['null', () => where(Item, (i) => i.Name.eq(null).or(i.Id.ne(null))), 'Name eq null or Id ne null'],
    [
      'a binary from a Uint8Array or a Buffer, in base64url',
      () => where(Item, (i) => or(i.Blob.eq(Uint8Array.from([0x4f, 0x44])), i.Blob.ne(Buffer.from([0xfb, 0xff])))),
      "Blob eq binary'T0Q=' or Blob ne binary'-_8='",
    ],
    [
      'binaries in a list, and compared with each other',
      () => where(Item, (i) => i.Blob.in([new Uint8Array(), null]).and(i.Blob.eq(i.Blob))),
      "Blob in (binary'', null) and Blob eq Blob",
    ],
    [
      'an in list, one list',
      () => where(Item, (i) => i.Name.in(["a'b", 'c']).and(i.Id.in([1, 2, 3]))),
      "Name in ('a''b', 'c') and Id in (1, 2, 3)",
    ],
    ['an empty in list', () => where(Item, (i) => i.Key.in([])), 'Key in ()'],
    [
      'an enumeration by member name',
      () => where(Item, (i) => i.Color.eq('Red').or(i.Color.in(['Green', 'Blue']))),
      "Color eq Sales.Color'Red' or Color in (Sales.Color'Green', Sales.Color'Blue')",
    ],
    [
      'has a member, and members',
      () => where(Item, (i) => i.Color.has('Blue').and(i.Color.has(['Red', 'Green']))),
      "Color has Sales.Color'Blue' and Color has Sales.Color'Red,Green'",
    ],
    [
      'string functions',
      () =>
        where(Item, (i) =>
          i.Name.tolower().startswith('ab').and(i.Name.trim().length().gt(3)).and(i.Name.substring(1, 2).endswith('z')),
        ),
      "startswith(tolower(Name), 'ab') and length(trim(Name)) gt 3 and endswith(substring(Name, 1, 2), 'z')",
    ],
    [
      'a function of two operands',
      () => where(Item, (i) => i.Name.concat(i.t).indexof('-').ge(0)),
      "indexof(concat(Name, t), '-') ge 0",
    ],
    [
      'parts of instants and a date',
      () => where(Item, (i) => i.Created.year().eq(2012).and(i.Legacy.month().lt(6)).and(i.Day.day().eq(1))),
      'year(Created) eq 2012 and month(Legacy) lt 6 and day(Day) eq 1',
    ],
    [
      'instant constants',
      () => where(Item, (i) => i.Created.lt(now()).and(i.Legacy.lt(maxdatetime()))),
      'Created lt now() and Legacy lt maxdatetime()',
    ],
    [
      'rounding a Decimal and an integer',
      () => where(Item, (i) => i.Price.round().eq(3).and(i.Id.floor().eq(2))),
      'round(Price) eq 3 and floor(Id) eq 2',
    ],
    [
      "arithmetic, values of the operand's type",
      () => where(VenueRoom, (v) => v.Capacity.add(5).gt(100)),
      'Capacity add 5 gt 100',
    ],
    [
      'arithmetic needing parentheses',
      () =>
        where(Item, (i) =>
          i.Id.add(1)
            .mul(2)
            .eq(i.Id.sub(i.Id.sub(1))),
        ),
      '(Id add 1) mul 2 eq Id sub (Id sub 1)',
    ],
    [
      'arithmetic needing none',
      () => where(Item, (i) => i.Id.add(i.Id.mul(2)).mod(7).eq(0)),
      '(Id add Id mul 2) mod 7 eq 0',
    ],
    [
      'a division without truncation, of integers as Decimals',
      () => where(Item, (i) => i.Id.divby(2).eq(1.5)),
      'Id divby 2 eq 1.5',
    ],
    ['a negative value and a negation', () => where(Item, (i) => i.Id.negate().sub(-3).eq(-1)), '-Id sub -3 eq -1'],
    [
      'an instant plus a duration',
      () => where(Item, (i) => i.Created.add('P1D').gt(i.Legacy)),
      "Created add duration'P1D' gt Legacy",
    ],
    [
      'the duration between instants',
      () => where(Item, (i) => i.Created.sub(i.Legacy).lt(i.Took)),
      'Created sub Legacy lt Took',
    ],
    [
      'durations added, multiplied and divided',
      () => where(Item, (i) => i.Took.add('PT1H').mul(2).lt(i.Took.div(i.Id).sub(i.Took))),
      "(Took add duration'PT1H') mul 2 lt Took div Id sub Took",
    ],
    [
      'a date plus a duration, and the duration between dates',
      () => where(Item, (i) => i.Day.add('P1D').gt(i.Created).and(i.Day.sub(i.Day).eq('P0D'))),
      "Day add duration'P1D' gt Created and Day sub Day eq duration'P0D'",
    ],
    [
      'or inside and, parenthesised',
      () => where(Item, (i) => i.Id.eq(1).or(i.Id.eq(2)).and(i.Name.eq('x'))),
      "(Id eq 1 or Id eq 2) and Name eq 'x'",
    ],
    [
      'and inside or, bare',
      () => where(Item, (i) => or(i.Id.eq(1).and(i.Name.eq('x')), i.Active)),
      "Id eq 1 and Name eq 'x' or Active",
    ],
    [
      'not of a chain, parenthesised',
      () => where(Item, (i) => not(i.Id.eq(1).or(i.Active))),
      'not (Id eq 1 or Active)',
    ],
    ['not of a comparison, parenthesised', () => where(Item, (i) => i.Id.eq(1).not()), 'not (Id eq 1)'],
    [
      'and of ands, one chain',
      () =>
        where(Item, (i) =>
          i.Id.eq(1)
            .and(i.Id.eq(2))
            .and(i.Id.eq(3).and(i.Id.eq(4))),
        ),
      'Id eq 1 and Id eq 2 and Id eq 3 and Id eq 4',
    ],
    [
      'nested structures and relations through /',
      () =>
        where(Registration, (r) => r.Contact.PostalAddress.City.eq('Oslo').and(r.Event.EventTemplate.Code.eq('EV'))),
      "Contact/PostalAddress/City eq 'Oslo' and Event/EventTemplate/Code eq 'EV'",
    ],
    [
      'a structure null or not',
      () => where(Contact, (c) => c.PostalAddress.$isNull().or(c.PostalAddress.$isNotNull())),
      'PostalAddress eq null or PostalAddress ne null',
    ],
    [
      'a primitive collection: any, any(), $count',
      () => where(Item, (i) => i.Tags.any((tag) => tag.eq('red')).and(i.Tags.any(), i.Tags.$count.gt(2))),
      "Tags/any(t1: t1 eq 'red') and Tags/any() and Tags/$count gt 2",
    ],
    [
      'all, the element a structure',
      () => where(Event, (e) => e.Sessions.all((s) => s.StartDateTime.ge(JAN_2012).and(s.Presenter.$isNotNull()))),
      'Sessions/all(s: s/StartDateTime ge 2012-01-01T00:00:00.000Z and s/Presenter ne null)',
    ],
    [
      "a lambda's structured element null",
      () => where(Item, (i) => i.Lines.any((line) => line.$isNull())),
      'Lines/any(l: l eq null)',
    ],
    [
      'nested lambdas of one initial, never shadowing',
      () => where(Item, (i) => i.Lines.any((line) => line.Links.any((link) => link.Label.eq('a')).and(line.Qty.gt(1)))),
      "Lines/any(l1: l1/Links/any(l: l/Label eq 'a') and l1/Qty gt 1)",
    ],
    [
      'an outer variable inside an inner lambda',
      () =>
        where(Event, (e) => e.Sessions.any((s) => e.Registrations.any((r) => r.Contact.Email.eq(s.Presenter.Email)))),
      'Sessions/any(s: Registrations/any(r: r/Contact/Email eq s/Presenter/Email))',
    ],
    [
      'sibling lambdas, each its own name',
      () => where(Event, (e) => e.Sessions.any((s) => s.Status.eq('a')).or(e.Sessions.all((s) => s.Status.eq('b')))),
      "Sessions/any(s: s/Status eq 'a') or Sessions/all(s: s/Status eq 'b')",
    ],
    [
      'in a collection',
      () =>
        where(Item, (i) =>
          i.Name.in(i.Tags).or(i.Lines.any((line) => line.Links.any((link) => link.Label.in(i.Tags)))),
        ),
      'Name in Tags or Lines/any(l1: l1/Links/any(l: l/Label in Tags))',
    ],
    [
      'a value used twice',
      () =>
        where(Item, (i) => {
          const named = i.Name.eq('x');
          return and(named, i.Id.gt(1), named);
        }),
      "Name eq 'x' and Id gt 1 and Name eq 'x'",
    ],
    [
      'a cast, and a cast compared',
      () => where(Item, (i) => i.Price.cast('Edm.String').startswith('1').and(i.Small.cast('Edm.Int64').gt(i.Big))),
      "startswith(cast(Price, Edm.String), '1') and cast(Small, Edm.Int64) gt Big",
    ],
    [
      'a type test, and a string cast to an instant',
      () =>
        where(Item, (i) => i.Name.isof('Edm.DateTimeOffset').and(i.Name.cast('Edm.DateTimeOffset').year().eq(2012))),
      'isof(Name, Edm.DateTimeOffset) and year(cast(Name, Edm.DateTimeOffset)) eq 2012',
    ],
    [
      'a string cast to a number, a guid and a duration',
      () =>
        where(Item, (i) =>
          i.Name.cast('Edm.Int32')
            .gt(5)
            .and(i.Name.isof('Edm.Guid'), i.Name.cast('Edm.Duration').lt(i.Name.cast('Edm.Duration'))),
        ),
      'cast(Name, Edm.Int32) gt 5 and isof(Name, Edm.Guid) and cast(Name, Edm.Duration) lt cast(Name, Edm.Duration)',
    ],
  ])('builds %s', (_, build, text) => {
    const built = build();
    expect(built.text).toBe(text);
    expect(String(built)).toBe(text);
    expect(built.typed.text).toBe(text);
  });

  it('types the tree as the checker does, a chain kept flat', () => {
    const built = where(Item, (i) => i.Id.eq(1).and(i.Id.eq(2)).and(i.Id.eq(3)));
    expect(built.typed.root).toMatchObject({ kind: 'logical', op: 'and', type: 'Edm.Boolean' });
    expect((built.typed.root as Extract<TypedExpr, { kind: 'logical' }>).operands).toHaveLength(3);
    const sum = where(Item, (i) => i.Small.add(i.Small).gt(3)).typed.root as Extract<TypedExpr, { kind: 'compare' }>;
    expect(sum.left.type).toBe('Edm.Int32');
    const shifted = where(Item, (i) => i.Legacy.add('PT1H').gt(i.Created)).typed.root as Extract<
      TypedExpr,
      { kind: 'compare' }
    >;
    expect(shifted.left.type).toBe('Edm.DateTimeOffset');
    // The overloads builder-types.ts gives a method: round() of a Byte is the Decimal one, of a Double the Double one.
    const rounded = (build: (i: any) => any): string =>
      (
        (where(Item, build).typed.root as Extract<TypedExpr, { kind: 'compare' }>).left as Extract<
          TypedExpr,
          { kind: 'call' }
        >
      ).type;
    expect(rounded((i) => i.Small.round().eq(1))).toBe('Edm.Decimal');
    expect(rounded((i) => i.Ratio.round().eq(1))).toBe('Edm.Double');
  });

  it('writes each value as the filter template does', () => {
    const values: [string, unknown][] = [
      ['Name', "it's"],
      ['Key', GUID],
      ['Big', -9007199254740993n],
      ['Price', 123.456],
      ['Ratio', Number.NaN],
      ['Created', new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999))],
      ['Day', '2000-01-01'],
      ['At', '23:59:59.999'],
      ['Took', '-P1DT2H'],
      ['Color', 'Green'],
    ];
    // The template `<name> eq ${value}`, its one hole after the property's name.
    const template = (text: string, value: unknown): BuiltFilter =>
      filter(Item)(Object.assign([text, ''], { raw: [text, ''] }), value);
    for (const [name, value] of values) {
      const built = where(Item, (i) => (i as unknown as Record<string, { eq(v: unknown): never }>)[name]!.eq(value));
      expect(built.text).toBe(template(`${name} eq `, value).text);
    }
  });

  it('passes check() options on', () => {
    expect(
      thrownFilterError(() => where(Item, (i) => i.Name.eq('x'.repeat(50)), { maxLength: 20 })).issues[0]!.code,
    ).toBe('too_long');
  });
});

describe('where() refuses at run time what the types refuse', () => {
  // Untyped callers: each case reaches past the types, as plain JavaScript would.
  const loose = (build: (row: Record<string, any>) => unknown) => () => where(Item, build as never);

  it.each<[string, () => unknown, string, string]>([
    ['a string where an Int32 goes', loose((i) => i.Id.eq('5')), 'Id eq ${0}', 'the string "5", which is no Edm.Int32'],
    [
      'a fraction where an Int32 goes',
      loose((i) => i.Id.add(1.5).gt(1)),
      'Id add ${0} gt ${1}',
      'the number 1.5, which is no Edm.Int32',
    ],
    ['a number beyond a Byte', loose((i) => i.Small.eq(256)), 'Small eq ${0}', 'the number 256, which is no Edm.Byte'],
    [
      'a string where an instant goes',
      loose((i) => i.Created.gt('2012-01-01')),
      'Created gt ${0}',
      'which is no Edm.DateTimeOffset',
    ],
    ['an invalid Date', loose((i) => i.Created.gt(new Date(Number.NaN))), 'Created gt ${0}', 'Invalid Date'],
    ['a bad guid', loose((i) => i.Key.eq('nope')), 'Key eq ${0}', 'which is no Edm.Guid'],
    ['undefined', loose((i) => i.Name.eq(undefined)), 'Name eq ${0}', 'undefined'],
    ['one value where in takes a list', loose((i) => i.Name.in('a')), 'Name in ${0}', 'which is no list'],
    [
      'a list item of another type',
      loose((i) => i.Id.in([1, 'two'])),
      'Id in ${0}',
      'Item 1 of the list at ${0} is the string "two"',
    ],
    ['a structure where a value goes', loose((i) => i.Name.eq(i.Where)), 'Name eq ${0}', 'which is no Edm.String'],
  ])('%s: value_does_not_fit at the value', (_, run, text, message) => {
    const error = thrownFilterError(run);
    expect(error.text).toBe(text);
    expect(error.issues[0]!.code).toBe('value_does_not_fit');
    expect(error.message).toContain(message);
  });

  it.each<[string, () => unknown, string]>([
    ['a method its type does not have', loose((i) => i.Name.year().eq(1)), 'wrong_argument_type'],
    ['operands that do not compare', loose((i) => i.Name.eq(i.Id)), 'type_mismatch'],
    ['arithmetic on a string', loose((i) => i.Name.add(i.Name).eq('x')), 'not_numeric'],
    ['a filter that is no condition', loose((i) => i.Id), 'not_boolean'],
    ['an Int64 where substring takes an Int32', loose((i) => i.Name.substring(i.Big).eq('x')), 'wrong_argument_type'],
    ['a member the enumeration does not have', loose((i) => i.Color.eq('Purple')), 'unknown_enum_member'],
    [
      'a variable used outside its lambda',
      loose((i) => {
        let leaked: any;
        i.Tags.any((t: any) => {
          leaked = t;
          return t.eq('a');
        });
        return leaked.eq('b');
      }),
      'unknown_property',
    ],
  ])('%s: the checker refuses it', (_, run, code) => {
    expect(thrownFilterError(run).issues[0]!.code).toBe(code);
  });

  it('refuses a type that is no Edm type name, writing nothing of it', () => {
    for (const type of ['Edm.Stream', 'edm.string', 'Edm.String) or (Id eq 1', 'Sales.Color', 5, undefined]) {
      expect(thrown(loose((i) => i.Name.cast(type).eq('x')))).toBeInstanceOf(TypeError);
      expect(thrown(loose((i) => i.Name.isof(type)))).toBeInstanceOf(TypeError);
    }
    // A cast OData defines no conversion for is the checker's.
    expect(thrownFilterError(loose((i) => i.Active.cast('Edm.Int32').eq(1))).issues[0]!.code).toBe('invalid_cast');
  });

  it('refuses has() with no member, or with a member of no enumeration', () => {
    expect(thrownFilterError(loose((i) => i.Color.has('Purple'))).issues[0]!.code).toBe('value_does_not_fit');
    expect(thrownFilterError(loose((i) => i.Color.has([]))).message).toContain('an empty list');
    expect(thrownFilterError(loose((i) => i.Color.has("Red'"))).issues[0]!.code).toBe('value_does_not_fit');
    expect(thrownFilterError(loose((i) => i.Color.has(['Red', undefined]))).message).toContain('not undefined');
    expect(thrown(loose((i) => i.Name.has('Red')))).toBeInstanceOf(TypeError);
  });

  it('builds a long chain flat, however it is joined, and refuses one beyond the limits with a FilterError', () => {
    // 10,000 terms by reduce (each `and` on the chain so far) and by one call: one flat chain either way.
    const terms = (v: { Capacity: { eq(n: number): Condition } }, n: number): Condition[] =>
      Array.from({ length: n }, (_, k) => v.Capacity.eq(k));
    const limits = { maxLength: 1_000_000, maxNodes: 100_000 };
    const reduced = where(VenueRoom, (v) => terms(v, 10_000).reduce((a, b) => a.and(b)), limits);
    const called = where(VenueRoom, (v) => and(...terms(v, 10_000)), limits);
    expect(reduced.text).toBe(called.text);
    expect((reduced.typed.root as Extract<TypedExpr, { kind: 'logical' }>).operands).toHaveLength(10_000);
    // 4,000 terms are some 86,000 characters, past the 65,536 a filter may have by default.
    expect(thrownFilterError(() => where(VenueRoom, (v) => and(...terms(v, 4_000)))).issues[0]!.code).toBe('too_long');
    const deep = (): BuiltFilter =>
      where(
        VenueRoom,
        (v) => Array.from({ length: 20_000 }).reduce<Condition>((c) => not(c), v.Capacity.eq(1)),
        limits,
      );
    expect(thrownFilterError(deep).issues[0]!.code).toBe('too_deep');
  });

  it.each<[string, () => unknown]>([
    ['a path no property names', loose((i) => i.Nope.eq(1))],
    ['a predicate that is no function', () => where(Item, 'Id eq 1' as never)],
    ['a predicate that returns no condition', loose(() => 'Id eq 1')],
    ['and() of nothing', () => and()],
    ['and() of a value', loose((i) => and(i.Active, true as never))],
    ['a function of too many arguments', loose((i) => i.Name.length(1).eq(1))],
    ['a function of too few', loose((i) => i.Name.contains())],
    ['a lambda without a function', loose((i) => i.Tags.all())],
  ])('%s: a TypeError', (_, run) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(FilterError);
  });
});

describe('where() for an OData version', () => {
  const since = new Date(Date.UTC(2012, 0, 1));
  it.each<[string, () => BuiltFilter, string]>([
    // Each value a literal of its place's type in the version's form; contains as substringof.
    [
      '3.0',
      () => where(Event, ($) => $.Code.contains("o'x").and($.CreatedDateTime.gt(since)), { version: '3.0' }),
      "substringof('o''x', Code) and CreatedDateTime gt datetime'2012-01-01T00:00:00'",
    ],
    [
      '2.0',
      () => where(Event, ($) => $.UniqueIdentifier.eq('01234567-89AB-cdef-0123-456789abcdef'), { version: '2.0' }),
      "UniqueIdentifier eq guid'01234567-89ab-cdef-0123-456789abcdef'",
    ],
    // `in` came with 4.01: before it, the chain of eq it is, each item its own literal.
    ['4.0', () => where(Event, ($) => $.Code.in(['A', 'B']), { version: '4.0' }), "Code eq 'A' or Code eq 'B'"],
    [
      '4.0, one item',
      () => where(Event, ($) => $.Code.in(['A']).and($.EventID.gt(2)), { version: '4.0' }),
      "Code eq 'A' and EventID gt 2",
    ],
    [
      '4.0, empty',
      () => where(Event, ($) => $.Code.in([]).or($.EventID.eq(1)), { version: '4.0' }),
      'false or EventID eq 1',
    ],
    [
      '3.0, in a lambda',
      () => where(Event, ($) => $.Sessions.any((s) => s.Status.in(['a', 'b'])), { version: '3.0' }),
      "Sessions/any(s: s/Status eq 'a' or s/Status eq 'b')",
    ],
    // A type name quoted before 4.0.
    [
      '3.0, a cast and a type test',
      () =>
        where(Event, ($) => $.EventID.cast('Edm.String').eq('7').and($.Code.isof('Edm.DateTime')), { version: '3.0' }),
      "cast(EventID, 'Edm.String') eq '7' and isof(Code, 'Edm.DateTime')",
    ],
  ])('%s', (_, build, text) => {
    expect(build().text).toBe(text);
  });

  it('refuses what the version cannot express', () => {
    const error = thrownFilterError(() =>
      where(Event, ($) => $.Sessions.any((s) => s.Status.eq('x')), { version: '2.0' }),
    );
    expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'any', '2.0']);
  });
});

describe('build() and printBuilt()', () => {
  const since = new Date(Date.UTC(2012, 0, 1));

  it('builds the syntax tree, which printBuilt(), print() and check() take as it is', () => {
    const tree = build(Event, ($) => $.Code.contains("o'x").and($.Sessions.any((s) => s.Status.eq('Open'))));
    expect(tree).toMatchObject({ kind: 'logical', op: 'and' });
    const text = "contains(Code, 'o''x') and Sessions/any(s: s/Status eq 'Open')";
    expect(printBuilt(tree)).toBe(text);
    expect(print(tree)).toBe(text);
    expect(typedWithoutSpans(check(tree, Event).root)).toEqual(typedWithoutSpans(check(text, Event).root));
  });

  it("writes a version's literals, and printBuilt() the version's text, which is where()'s", () => {
    const predicate = ($: any) =>
      $.CreatedDateTime.gt(since).and($.Code.in(['A', 'B']), $.EventID.cast('Edm.Int64').gt(5));
    const tree = build(Event, predicate, { version: '3.0' });
    const text = printBuilt(tree, { version: '3.0' });
    expect(text).toBe(
      "CreatedDateTime gt datetime'2012-01-01T00:00:00' and (Code eq 'A' or Code eq 'B') and cast(EventID, 'Edm.Int64') gt 5L",
    );
    expect(where(Event, predicate, { version: '3.0' }).text).toBe(text);
    // The tree holds the version's literals and reads back from its 4.01 text as itself.
    expect(print(tree)).toBe(
      "CreatedDateTime gt datetime'2012-01-01T00:00:00' and Code in ('A', 'B') and cast(EventID, Edm.Int64) gt 5L",
    );
  });

  it('refuses a value that does not fit its place, each value shown as ${n}', () => {
    const error = thrownFilterError(() => build(Item, (i: any) => i.Id.add(1.5).gt(i.Name.length())));
    expect(error.text).toBe('Id add ${0} gt length(Name)');
    expect(error.issues).toEqual([
      {
        code: 'value_does_not_fit',
        message: 'The value at ${0} is the number 1.5, which is no Edm.Int32, the type of its place',
        start: 7,
        end: 11,
      },
    ]);
  });

  it('refuses a value beside an operand the checker gives no type, which where() reports as the checker does', () => {
    const predicate = (i: any) => i.Name.add(i.Name).eq('x');
    const error = thrownFilterError(() => build(Item, predicate));
    expect(error.issues[0]!.code).toBe('value_does_not_fit');
    expect(error.message).toContain('No value can stand at ${0}');
    expect(thrownFilterError(() => where(Item, predicate)).issues[0]!.code).toBe('not_numeric');
  });

  it('refuses a value of a type the version has no literal for, at the value', () => {
    const error = thrownFilterError(() => build(Item, (i) => i.Day.eq('2012-02-29'), { version: '3.0' }));
    expect([error.kind, error.construct, error.target, error.text]).toEqual([
      'unsupported',
      'date_literal',
      '3.0',
      'Day eq ${0}',
    ]);
  });

  it('prints only the trees the package made: print() reads any other', () => {
    const made = parse('Id eq 1');
    expect(printBuilt(made)).toBe('Id eq 1');
    const byHand = { kind: 'compare', op: 'eq', left: made, right: made, start: 0, end: 0 } as const;
    expect(thrown(() => printBuilt(byHand as never))).toBeInstanceOf(TypeError);
    expect(print(byHand as never)).toBe('Id eq 1 eq (Id eq 1)');
  });
});
