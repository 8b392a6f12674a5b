// What the typed builder's types promise, pinned: defineSchema keeps its definition's type, from
// which the paths, their Edm types and the collections are inferred; a wrong path, a method the
// operand's type does not have, and a value of the wrong type do not compile.
// Checked by `npm run typecheck` and by vitest's typecheck mode; nothing here runs.

import { describe, expectTypeOf, it } from 'vitest';
import { defineSchema } from '../../src/index.js';
import {
  type Contact,
  Event,
  type PublicEventTemplateCategoryItem,
  type Registration,
  VenueRoom,
} from '../../src/examples/events/index.js';
import type { CollectionPath, Expr, PropertyPath, PropertyTypes, Schema, SchemaDefinition } from '../../src/index.js';
import { and, build, now, printBuilt, where } from '../../src/client/index.js';
import type { BuiltFilter, CastTarget, Condition, Operand } from '../../src/client/index.js';
import type { WidensTo } from '../../src/client/builder-types.js';
import type { EdmType, NumericType } from '../../src/language/edm.js';

const Shop = defineSchema({
  name: 'Shop',
  properties: {
    Id: { type: 'Edm.Guid', nullable: false },
    Name: 'Edm.String',
    Price: 'Edm.Decimal',
    Stock: 'Edm.Int16',
    Big: 'Edm.Int64',
    Opened: 'Edm.Date',
    Updated: 'Edm.DateTime',
    Active: 'Edm.Boolean',
    Logo: 'Edm.Binary',
    Color: { enum: { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true } },
    Size: { enum: { name: 'Sales.Size', members: { S: 0, M: 1, L: 2 }, underlyingType: 'Edm.Byte' } },
    Address: { properties: { City: 'Edm.String', Geo: { properties: { Lat: 'Edm.Double' } } } },
    Tags: { collection: 'Edm.String' },
    Sizes: { collection: { enum: { name: 'Sales.Size', members: { S: 0, M: 1, L: 2 }, underlyingType: 'Edm.Byte' } } },
    Lines: {
      collection: { properties: { Qty: 'Edm.Int32', Parts: { collection: { properties: { Code: 'Edm.String' } } } } },
    },
  },
});

describe('defineSchema keeps the definition type', () => {
  it('gives each primitive path its type, enumerations by name, nested structures through /', () => {
    expectTypeOf<PropertyTypes<typeof Shop>>().toEqualTypeOf<{
      readonly Id: 'Edm.Guid';
      readonly Name: 'Edm.String';
      readonly Price: 'Edm.Decimal';
      readonly Stock: 'Edm.Int16';
      readonly Big: 'Edm.Int64';
      readonly Opened: 'Edm.Date';
      readonly Updated: 'Edm.DateTime';
      readonly Active: 'Edm.Boolean';
      readonly Logo: 'Edm.Binary';
      readonly Color: 'Sales.Color';
      readonly Size: 'Sales.Size';
      readonly 'Address/City': 'Edm.String';
      readonly 'Address/Geo/Lat': 'Edm.Double';
    }>();
    expectTypeOf<CollectionPath<typeof Shop>>().toEqualTypeOf<'Tags' | 'Sizes' | 'Lines'>();
  });

  it('gives the service schemas theirs, relations included', () => {
    expectTypeOf<PropertyPath<typeof Contact>>().toEqualTypeOf<
      | 'ContactID'
      | 'Email'
      | 'Status'
      | 'PostalAddress/City'
      | 'PostalAddress/Country'
      | 'CreatedDateTime'
      | 'LastModifiedDateTime'
    >();
    expectTypeOf<PropertyTypes<typeof Registration>['Event/EventTemplate/Code']>().toEqualTypeOf<'Edm.String'>();
    expectTypeOf<PropertyTypes<typeof Registration>['Contact/PostalAddress/City']>().toEqualTypeOf<'Edm.String'>();
    expectTypeOf<PropertyTypes<typeof Event>['StartDateTime']>().toEqualTypeOf<'Edm.DateTimeOffset'>();
    expectTypeOf<CollectionPath<typeof Event>>().toEqualTypeOf<'Sessions' | 'Registrations' | 'TimeZone/TzNames'>();
    expectTypeOf<CollectionPath<typeof Registration>>().toEqualTypeOf<'Event/TimeZone/TzNames' | 'Event/Sessions'>();
    expectTypeOf<CollectionPath<typeof PublicEventTemplateCategoryItem>>().toEqualTypeOf<
      'AdvertisedPresenters' | 'BestAdvertisedOffers' | 'Tags' | 'Credits'
    >();
  });

  it('a typed schema stands wherever a Schema goes, and an untyped definition gives no paths', () => {
    expectTypeOf(Shop).toExtend<Schema>();
    expectTypeOf(VenueRoom).toExtend<Schema>();
    const loose: SchemaDefinition = { name: 'Loose', properties: { A: 'Edm.String' } };
    expectTypeOf(defineSchema(loose)).toEqualTypeOf<Schema>();
    expectTypeOf<PropertyPath<Schema>>().toEqualTypeOf<string>();
  });
});

describe('the builder types operands by their Edm type', () => {
  it('returns the template result (build() the syntax tree), and operands of the path types', () => {
    expectTypeOf(where(Shop, (s) => s.Name.eq('x'))).toEqualTypeOf<BuiltFilter>();
    expectTypeOf(build(Shop, (s) => s.Name.eq('x'), { version: '4.0' })).toEqualTypeOf<Expr>();
    expectTypeOf(printBuilt(build(Shop, (s) => s.Name.eq('x')))).toEqualTypeOf<string>();
    // @ts-expect-error build() types its values as where() does
    build(Shop, (s) => s.Stock.eq('5'));
    where(Shop, (s) => {
      expectTypeOf(s.Name).toEqualTypeOf<Operand<'Edm.String'>>();
      expectTypeOf(s.Address.Geo.Lat).toEqualTypeOf<Operand<'Edm.Double'>>();
      expectTypeOf(s.Name.length()).toEqualTypeOf<Operand<'Edm.Int32'>>();
      expectTypeOf(s.Updated.year()).toEqualTypeOf<Operand<'Edm.Int32'>>();
      expectTypeOf(s.Updated.date()).toEqualTypeOf<Operand<'Edm.Date'>>();
      expectTypeOf(s.Price.round()).toEqualTypeOf<Operand<'Edm.Decimal'>>();
      expectTypeOf(s.Lines.$count).toEqualTypeOf<Operand<'Edm.Int64'>>();
      expectTypeOf(s.Stock.add(1)).toEqualTypeOf<Operand<'Edm.Int32'>>();
      expectTypeOf(s.Stock.divby(2)).toEqualTypeOf<Operand<'Edm.Decimal'>>();
      expectTypeOf(s.Address.Geo.Lat.divby(2)).toEqualTypeOf<Operand<'Edm.Double'>>();
      expectTypeOf(s.Price.mul(s.Price)).toEqualTypeOf<Operand<'Edm.Decimal'>>();
      expectTypeOf(s.Updated.sub(s.Updated)).toEqualTypeOf<Operand<'Edm.Duration'>>();
      expectTypeOf(s.Opened.sub(s.Opened)).toEqualTypeOf<Operand<'Edm.Duration'>>();
      expectTypeOf(s.Opened.add('P1D')).toEqualTypeOf<Operand<'Edm.DateTimeOffset'>>();
      expectTypeOf(s.Updated.sub(s.Updated).mul(2)).toEqualTypeOf<Operand<'Edm.Duration'>>();
      return s.Active;
    });
  });

  it('widens an argument as the checker does: integers to Decimal, any number to Double, a DateTime to a DateTimeOffset', () => {
    expectTypeOf<WidensTo<'Edm.Int32'>>().toEqualTypeOf<'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32'>();
    expectTypeOf<WidensTo<'Edm.Int64'>>().toEqualTypeOf<
      'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32' | 'Edm.Int64'
    >();
    expectTypeOf<WidensTo<'Edm.Decimal'>>().toEqualTypeOf<
      'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32' | 'Edm.Int64' | 'Edm.Decimal'
    >();
    expectTypeOf<WidensTo<'Edm.Single'>>().toEqualTypeOf<
      'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32' | 'Edm.Int64' | 'Edm.Single'
    >();
    expectTypeOf<WidensTo<'Edm.Double'>>().toEqualTypeOf<NumericType>();
    expectTypeOf<WidensTo<'Edm.DateTimeOffset'>>().toEqualTypeOf<'Edm.DateTime' | 'Edm.DateTimeOffset'>();
    expectTypeOf<WidensTo<'Edm.DateTime'>>().toEqualTypeOf<'Edm.DateTime'>();
    expectTypeOf<WidensTo<'Edm.String'>>().toEqualTypeOf<'Edm.String'>();
    where(Shop, (s) => {
      expectTypeOf(s.Stock.round()).toEqualTypeOf<Operand<'Edm.Decimal'>>();
      expectTypeOf(s.Address.Geo.Lat.round()).toEqualTypeOf<Operand<'Edm.Double'>>();
      // @ts-expect-error an Int64 operand does not widen to the Int32 of substring's position
      return s.Name.substring(s.Big).eq('x');
    });
  });

  it('casts to the types OData converts to', () => {
    expectTypeOf<CastTarget<'Edm.Int16'>>().toEqualTypeOf<NumericType | 'Edm.String'>();
    expectTypeOf<CastTarget<'Edm.String'>>().toEqualTypeOf<EdmType>();
    expectTypeOf<CastTarget<'Edm.DateTime'>>().toEqualTypeOf<'Edm.String' | 'Edm.DateTime' | 'Edm.DateTimeOffset'>();
    expectTypeOf<CastTarget<'Edm.Date'>>().toEqualTypeOf<'Edm.Date' | 'Edm.String'>();
    expectTypeOf<CastTarget<'Edm.Boolean'>>().toEqualTypeOf<'Edm.Boolean' | 'Edm.String'>();
    where(Shop, (s) => {
      expectTypeOf(s.Stock.cast('Edm.Double')).toEqualTypeOf<Operand<'Edm.Double'>>();
      expectTypeOf(s.Name.cast('Edm.DateTimeOffset').year()).toEqualTypeOf<Operand<'Edm.Int32'>>();
      expectTypeOf(s.Name.cast('Edm.Int32')).toEqualTypeOf<Operand<'Edm.Int32'>>();
      expectTypeOf(s.Name.cast('Edm.Guid')).toEqualTypeOf<Operand<'Edm.Guid'>>();
      expectTypeOf(s.Name.isof('Edm.Duration')).toEqualTypeOf<Condition>();
      expectTypeOf(s.Price.isof('Edm.Int32')).toEqualTypeOf<Condition>();
      // @ts-expect-error a Date converts to no number
      s.Opened.cast('Edm.Int32');
      // @ts-expect-error a number is cast to no Guid
      s.Stock.cast('Edm.Guid');
      // @ts-expect-error a Boolean is never of an instant type
      s.Active.isof('Edm.DateTimeOffset');
      // @ts-expect-error no such type
      s.Name.cast('Edm.Text');
      // @ts-expect-error an enumeration operand has no cast
      s.Color.cast('Edm.String');
      return s.Active;
    });
  });

  it('types a lambda variable by the collection element', () => {
    where(Shop, (s) =>
      s.Lines.any((line) => {
        expectTypeOf(line.Qty).toEqualTypeOf<Operand<'Edm.Int32'>>();
        return line.Parts.all((part) => part.Code.startswith('A').and(s.Tags.any((t) => t.eq(part.Code))));
      }),
    );
    where(Event, (e) => e.Sessions.any((session) => session.Presenter.Email.endswith('.org')));
    where(Shop, (s) => s.Sizes.any((size) => size.eq('M')));
  });

  it("takes a collection of the operand's type for in", () => {
    where(Shop, (s) => s.Name.in(s.Tags).and(s.Size.in(s.Sizes)));
    where(Shop, (s) => s.Lines.any((line) => line.Parts.any((part) => part.Code.in(s.Tags))));
    // @ts-expect-error a number is not in a collection of strings
    where(Shop, (s) => s.Stock.in(s.Tags));
    // @ts-expect-error a string is not in a collection of enumeration values
    where(Shop, (s) => s.Name.in(s.Sizes));
    // @ts-expect-error a collection of structures holds no values to be in
    where(Shop, (s) => s.Name.in(s.Lines));
  });

  it('leaves the paths of a schema whose definition type is not literal to the run time', () => {
    const loose: SchemaDefinition = { name: 'Loose', properties: { A: 'Edm.String' } };
    expectTypeOf(where(defineSchema(loose), (r) => r.A.eq('x').and(r.Anything.gt(1)))).toEqualTypeOf<BuiltFilter>();
  });

  it('accepts the values of each type', () => {
    where(Shop, (s) =>
      and(
        s.Id.eq('01234567-89ab-cdef-0123-456789abcdef'),
        s.Price.gt(1.5),
        s.Big.lt(2n ** 60n),
        s.Updated.ge(new Date()),
        s.Opened.le('2024-02-29'),
        s.Name.in(['a', 'b', null]),
        s.Color.has(['Red', 'Blue']),
        s.Size.in(['S', 'L']),
        s.Name.eq(null),
        s.Address.$isNull().not(),
        s.Updated.lt(now()),
        s.Stock.eq(s.Big),
        s.Updated.add('PT1H').gt(s.Updated),
      ),
    );
  });

  it('types a binary: Uint8Array values, eq, ne and in, no order, no function (docs/semantics.md §6)', () => {
    where(Shop, (s) => {
      expectTypeOf(s.Logo).toEqualTypeOf<Operand<'Edm.Binary'>>();
      expectTypeOf(s.Logo.cast('Edm.String')).toEqualTypeOf<Operand<'Edm.String'>>();
      return and(s.Logo.eq(new Uint8Array()), s.Logo.ne(s.Logo), s.Logo.in([Uint8Array.from([1]), null]));
    });
    // @ts-expect-error a binary's value is its bytes, not their base64 text
    where(Shop, (s) => s.Logo.eq('AA=='));
    // @ts-expect-error binaries are not ordered
    where(Shop, (s) => s.Logo.gt(new Uint8Array()));
    // @ts-expect-error no function takes a binary
    where(Shop, (s) => s.Logo.length().eq(1));
    // @ts-expect-error a binary converts to no number
    where(Shop, (s) => s.Logo.cast('Edm.Int32').eq(1));
  });

  it('takes an instant as a Date or as ISO text, finer than a Date holds', () => {
    where(Shop, (s) => s.Updated.gt(new Date(0)));
    where(Shop, (s) => s.Updated.gt('2024-01-01T00:00:00.000001Z'));
  });

  it('refuses a wrong path, a wrong value type, and a method the type does not have', () => {
    // @ts-expect-error no property of Shop is named Nmae
    where(Shop, (s) => s.Nmae.eq('x'));
    // @ts-expect-error a string where an Edm.Int16 goes
    where(Shop, (s) => s.Stock.eq('5'));
    // @ts-expect-error a number where an Edm.String goes
    where(Shop, (s) => s.Name.eq(5));
    // @ts-expect-error a number where an instant goes: a Date or ISO text is written as the instant
    where(Shop, (s) => s.Updated.gt(1704067200000));
    // @ts-expect-error a string and a number do not compare
    where(Shop, (s) => s.Name.eq(s.Price));
    // @ts-expect-error an in list of the wrong item type
    where(Shop, (s) => s.Name.in([1, 2]));
    // @ts-expect-error Purple is no member of Sales.Color
    where(Shop, (s) => s.Color.has('Purple'));
    // @ts-expect-error an enumeration compares by member name, not with a number operand
    where(Shop, (s) => s.Color.eq(s.Stock));
    // @ts-expect-error a string has no year()
    where(Shop, (s) => s.Name.year().eq(2020));
    // @ts-expect-error a number has no contains()
    where(Shop, (s) => s.Price.contains('1'));
    // @ts-expect-error substring takes numbers after the string
    where(Shop, (s) => s.Name.substring('1').eq('x'));
    // @ts-expect-error a Duration is not multiplied by a Duration
    where(Shop, (s) => s.Updated.sub(s.Updated).mul('PT1H').gt('PT1H'));
    // @ts-expect-error a string has no arithmetic
    where(Shop, (s) => s.Name.add('x').eq('y'));
    // @ts-expect-error a comparison is no number
    where(Shop, (s) => s.Name.eq('x').add(1));
    // @ts-expect-error a path continues through a collection only by a lambda
    where(Shop, (s) => s.Lines.Qty.eq(1));
    // @ts-expect-error a lambda's body is a condition
    where(Shop, (s) => s.Lines.any((line) => line.Qty));
    // @ts-expect-error the filter is a condition, not a number
    where(Shop, (s) => s.Stock);
    // @ts-expect-error a structure is no value: only $isNull, $isNotNull
    where(Shop, (s) => s.Address.eq(null));
    // @ts-expect-error the resource itself is never null
    where(Shop, (s) => s.$isNull());
    const notACondition: Operand<'Edm.String'> = where(Shop, (s) => s.Name.eq('x')) as never;
    // @ts-expect-error and() takes conditions
    and(notACondition);
    expectTypeOf<Condition>().toEqualTypeOf<Operand<'Edm.Boolean'>>();
  });
});
