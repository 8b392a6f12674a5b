// A caller's `$metadata` under the rules of the entity sets they read: no property a rule hides
// is named anywhere in the document (types are shared, so a hidden property leaves its type for
// every entity set), what the rules and the model forbid is stated as Capabilities annotations,
// keys are written or refused as CSDL needs them, and the ETag follows the document's bytes.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Event, VenueRoom } from '../../src/examples/events/index.js';
import { defineModel, type ModelDefinition, modelOf, SchemaDefinitionError } from '../../src/index.js';
import { type MetadataOptions, metadataEtag, metadataJson, metadataXml } from '../../src/metadata/index.js';
import type { Model } from '../../src/index.js';
import { people } from '../support/people-model.js';

const diary = {
  namespace: 'Diary',
  complexTypes: { Vault: { properties: { Code: 'Edm.String', PinHint: 'Edm.String' } } },
  entityTypes: {
    Writer: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        SecretNote: 'Edm.String',
        Safe: 'Vault',
      },
      navigation: {
        Jottings: { type: 'Entry', collection: true, partner: 'Author' },
        Confidant: { type: 'Writer' },
      },
    },
    Entry: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Int32', nullable: false }, Text: 'Edm.String' },
      navigation: { Author: { type: 'Writer', nullable: false, partner: 'Jottings' } },
    },
  },
  entitySets: {
    Writers: { type: 'Writer', bindings: { Jottings: 'Entries', Confidant: 'Writers' } },
    Entries: { type: 'Entry', bindings: { Author: 'Writers' } },
  },
} as const satisfies ModelDefinition;

const both = (model: Model, options: MetadataOptions = {}): string =>
  `${metadataXml(model, options)}\n${JSON.stringify(metadataJson(model, options))}`;

describe('hidden properties', () => {
  const model = defineModel(diary);
  const HIDDEN = ['SecretNote', 'PinHint', 'Confidant', 'Jottings'];
  const rules = {
    Writers: {
      SecretNote: { select: false, filter: false },
      'Safe/PinHint': { select: false },
      Confidant: { select: false, expand: false },
      Name: { sort: false },
    },
    // Another entity set hides the way from Writers to Entries, and filters through it.
    Entries: { 'Author/Jottings': { select: false }, 'Author/SecretNote': { filter: false } },
  };

  it('are named by a document written without the rules', () => {
    const text = both(model);
    for (const name of HIDDEN) expect(text).toContain(name);
  });

  it('are named nowhere in the document the rules give: no type, partner, binding or restriction', () => {
    const text = both(model, { rules });
    for (const name of HIDDEN) expect(text).not.toContain(name);
    // What the rules do not hide is still stated.
    const json = metadataJson(model, { rules });
    expect(json.Diary).toMatchObject({
      Writer: { Name: { $Nullable: true }, Safe: { $Type: 'Diary.Vault' } },
      Vault: { Code: { $Nullable: true } },
      Entry: { Author: { $Type: 'Diary.Writer' } },
      $Annotations: {
        'Diary.Container/Writers': {
          '@Org.OData.Capabilities.V1.SortRestrictions': { NonSortableProperties: ['Name'] },
        },
      },
    });
    expect((json.Diary as { Entry: object }).Entry).not.toHaveProperty('Author.$Partner');
  });

  it('leave their type for every entity set, as types are shared', () => {
    const model = defineModel(people);
    const json = metadataJson(model, { rules: { Staff: { Name: { select: false } } } });
    const social = json.Social as Record<string, Record<string, unknown>>;
    expect(social.Person).not.toHaveProperty('Name');
    expect(social.Post).toHaveProperty('Title');
    expect(social.Person).toHaveProperty('Handle');
  });

  it('may not be a part of a key', () => {
    expect(() => metadataXml(model, { rules: { Entries: { 'Author/Id': { select: false } } } })).toThrow(
      new SchemaDefinitionError(
        'Diary.Writer',
        'Id',
        'the rules hide a part of the key (`select: false`); a document names every key property',
        'Type',
      ),
    );
  });

  it('are read from rules checked as the query layer checks them', () => {
    expect(() => metadataXml(model, { rules: { Writers: { Nmae: { select: false } } } })).toThrow(
      "Resource Writer: `rules` names 'Nmae', which is no property path of the schema",
    );
    expect(() => metadataXml(model, { rules: { Writer: {} } })).toThrow(
      "Entity set 'Writer': the model has no entity set or singleton of this name; did you mean 'Writers'?",
    );
  });
});

describe('restrictions', () => {
  const restrictionsOf = (model: Model, options: MetadataOptions, set: string) =>
    (metadataJson(model, options)[model.namespace] as { $Annotations?: Record<string, unknown> }).$Annotations?.[
      `${model.namespace}.${model.containerName}/${set}`
    ];

  it('state what the model marks unfilterable, for filters and orders, through complex values', () => {
    const model = defineModel({
      namespace: 'N',
      complexTypes: { Box: { properties: { Lid: { type: 'Edm.String', filterable: false }, Size: 'Edm.Int32' } } },
      entityTypes: {
        T: {
          key: ['Id'],
          properties: {
            Id: { type: 'Edm.Int32', nullable: false },
            Box: 'Box',
            Note: { type: 'Edm.String', filterable: false },
          },
          navigation: { Other: { type: 'T', filterable: false } },
        },
      },
      entitySets: { Ts: { type: 'T' } },
    });
    const paths = ['Box/Lid', 'Note', 'Other/Id', 'Other/Box', 'Other/Note'];
    expect(restrictionsOf(model, {}, 'Ts')).toEqual({
      '@Org.OData.Capabilities.V1.FilterRestrictions': { NonFilterableProperties: paths },
      '@Org.OData.Capabilities.V1.SortRestrictions': { NonSortableProperties: paths },
    });
  });

  it('state a relation by its members, a structure once, no order through a collection, expansions under a complex value', () => {
    const model = defineModel(people);
    const rules = {
      People: {
        Place: { filter: false, sort: false },
        'Place/Home/City': { filter: false },
        Posts: { filter: false, sort: false, expand: false },
        BestFriend: { sort: false },
      },
    };
    expect(restrictionsOf(model, { rules }, 'People')).toEqual({
      '@Org.OData.Capabilities.V1.FilterRestrictions': {
        NonFilterableProperties: ['Place', 'Posts/Id', 'Posts/Title', 'Posts/Rank'],
      },
      '@Org.OData.Capabilities.V1.SortRestrictions': {
        NonSortableProperties: [
          'Place',
          'BestFriend/Id',
          'BestFriend/Name',
          'BestFriend/Handle',
          'BestFriend/Mood',
          'BestFriend/Place',
          'BestFriend/Balance',
        ],
      },
      '@Org.OData.Capabilities.V1.ExpandRestrictions': { NonExpandableProperties: ['Posts'] },
    });
  });

  it('of a singleton are its expansions only: filters and orders restrict collections', () => {
    const model = defineModel(people);
    expect(
      restrictionsOf(model, { rules: { Me: { Name: { filter: false }, Friends: { expand: false } } } }, 'Me'),
    ).toEqual({
      '@Org.OData.Capabilities.V1.ExpandRestrictions': { NonExpandableProperties: ['Friends'] },
    });
  });

  it('reference the Capabilities vocabulary only when a document states some', () => {
    const model = defineModel(people);
    expect(metadataXml(model)).not.toContain('Capabilities');
    expect(metadataJson(model)).not.toHaveProperty('$Reference');
    const xml = metadataXml(model, { rules: { People: { Name: { filter: false } } } });
    expect(xml).toContain('<edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Capabilities"/>');
  });
});

describe('keys', () => {
  const { model } = modelOf(VenueRoom);

  it('a type modelOf() makes has none, and the document is refused, naming the type and why it needs one', () => {
    expect(() => metadataXml(model)).toThrow(
      new SchemaDefinitionError(
        'Default.VenueRoom',
        '',
        "the type has no key, and CSDL needs one as the type of entity set 'VenueRoom': give it `key` in the model, or its key in the options' `keys`",
        'Type',
      ),
    );
    expect(() => metadataJson(model)).toThrow(SchemaDefinitionError);
  });

  it('the options give it one, checked as defineModel checks a key', () => {
    expect(metadataJson(model, { keys: { 'Default.VenueRoom': ['VenueRoomID'] } }).Default).toMatchObject({
      VenueRoom: { $Key: ['VenueRoomID'] },
    });
    for (const [keys, problem] of [
      [{ 'Default.Room': ['VenueRoomID'] }, '`keys` names no entity type of the model'],
      [{ 'Default.VenueRoom': [] }, 'a key is a list of one or more property paths'],
      [{ 'Default.VenueRoom': ['Nope'] }, "property 'Nope': a key part is the path of a property"],
      [{ 'Default.VenueRoom': ['Name'] }, "property 'Name': a key part is never null"],
      [{ 'Default.VenueRoom': ['VenueRoomID', 'VenueRoomID'] }, "two key parts go by the name 'VenueRoomID'"],
    ] as const)
      expect(() => metadataXml(model, { keys }), problem).toThrow(problem);
    expect(() => metadataXml(defineModel(people), { keys: { 'Social.Post': ['Id'] } })).toThrow(
      'the type has a key in the model',
    );
  });

  it("a part inside a complex value goes by an alias that is no property's name", () => {
    const model = defineModel({
      namespace: 'N',
      complexTypes: { Ref: { properties: { Code: { type: 'Edm.String', nullable: false } } } },
      entityTypes: {
        T: {
          key: ['Ref/Code'],
          properties: { Ref: { type: 'Ref', nullable: false }, Code: 'Edm.Int32' },
        },
      },
      entitySets: { Ts: { type: 'T' } },
    });
    expect(() => metadataXml(model)).toThrow(
      "Type 'N.T', property 'Ref/Code': the key part goes by the alias 'Code', which is the name of a property of the type",
    );
  });

  it('4.01 needs none for a type reached by navigation only; 4.0 needs one for every entity type', () => {
    const { model } = modelOf(Event);
    const keys = { 'Default.Event': ['EventID'] };
    expect(() => metadataXml(model, { keys })).not.toThrow();
    expect(() => metadataXml(model, { keys, version: '4.0' })).toThrow(
      "Type 'Default.Event_EventTemplate': the type has no key, and CSDL needs one in a 4.0 document (it is not abstract)",
    );
  });

  it('a containment navigation property to many needs its target keyed', () => {
    const definition = {
      namespace: 'N',
      entityTypes: {
        Base: { abstract: true, properties: { Id: { type: 'Edm.Int32', nullable: false } } },
        Whole: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false } },
          navigation: { Parts: { type: 'Base', collection: true, containsTarget: true } },
        },
      },
      entitySets: { Wholes: { type: 'Whole' } },
    } as const satisfies ModelDefinition;
    expect(() => metadataXml(defineModel(definition))).toThrow(
      "Type 'N.Base': the type has no key, and CSDL needs one as the target of the containment navigation property 'N.Whole/Parts'",
    );
  });
});

describe('versions', () => {
  it('4.0 has no floating scale and no singleton that may be null', () => {
    const model = defineModel(people);
    expect(metadataXml(model, { version: '4.0' })).toContain('Version="4.0"');
    const floating = defineModel({
      ...people,
      typeDefinitions: { Handle: { underlyingType: 'Edm.Decimal', scale: 'floating' } },
    });
    expect(() => metadataXml(floating, { version: '4.0' })).toThrow(
      "Type 'Social.Handle': a 4.0 document has no `scale: 'floating'`",
    );
    const nullable = defineModel({ ...people, singletons: { Me: { type: 'Person', nullable: true } } });
    expect(() => metadataJson(nullable, { version: '4.0' })).toThrow(
      "Singleton 'Me': a 4.0 document has no singleton that may be null",
    );
    expect(() => metadataXml(model, { version: '5' as '4.0' })).toThrow("`version` is '4.0' or '4.01'");
  });

  it('an enumeration member beyond what a JSON number holds exactly is refused in JSON, written in XML', () => {
    const model = defineModel({
      namespace: 'N',
      enumTypes: { Big: { members: { Huge: 2n ** 60n }, underlyingType: 'Edm.Int64' } },
      entityTypes: { T: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, B: 'Big' } } },
      entitySets: { Ts: { type: 'T' } },
    });
    expect(metadataXml(model)).toContain('<Member Name="Huge" Value="1152921504606846976"/>');
    expect(() => metadataJson(model)).toThrow(
      "member 'Huge' is 1152921504606846976, beyond the integers a JSON number holds exactly",
    );
  });
});

describe('metadataEtag', () => {
  const model = defineModel(people);
  const xml = metadataXml(model);

  it('is a strong validator: the quoted SHA-256 of the bytes, the same for the same document', () => {
    const etag = metadataEtag(xml);
    expect(etag).toBe(`"${createHash('sha256').update(xml, 'utf8').digest('hex')}"`);
    expect(metadataEtag(metadataXml(defineModel(people)))).toBe(etag);
    expect(metadataEtag('é')).toBe(`"${createHash('sha256').update('é', 'utf8').digest('hex')}"`);
  });

  it('changes with what a caller may see', () => {
    const restricted = metadataXml(model, { rules: { People: { Name: { select: false } } } });
    expect(metadataEtag(restricted)).not.toBe(metadataEtag(xml));
  });
});
