// Documents from third parties are read safely (docs/metadata.md, "Reading safely"): no DTD and
// so no entity is declared or expanded, the text is bounded, and whatever is wrong with a
// document ends in a CsdlError naming where, never in another error or a hang.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsdlError, filterSchemaFor, fromMetadata, isCsdlError } from '../../src/csdl/index.js';
import { MAX_BASE_TYPE_DEPTH } from '../../src/csdl/model-import.js';
import { MAX_XML_DEPTH } from '../../src/csdl/xml-elements.js';
import { check, schemaOf } from '../../src/index.js';
import { thrown } from '../support/thrown.js';
import { runs } from '../support/test-size.js';
import { metadataText } from './real-models.js';

const EDMX_HEAD = '<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">';

function csdlError(text: string, options?: { maxLength?: number }): CsdlError {
  const error = thrown(() => fromMetadata(text, options));
  expect(error).toBeInstanceOf(CsdlError);
  return error as CsdlError;
}

describe('fromMetadata() on hostile or broken documents', () => {
  it('refuses a document type declaration before any entity in it is read', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE edmx:Edmx [
  <!ENTITY a "aaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
  <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
]>
${EDMX_HEAD}<edmx:DataServices><Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N"><ComplexType Name="T"><Property Name="P" Type="Edm.String" DefaultValue="&c;"/></ComplexType></Schema></edmx:DataServices></edmx:Edmx>`;
    const error = csdlError(laughs);
    expect(error.code).toBe('doctype');
    expect(error.line).toBe(6);
    expect(error.message).toMatch(/document type declaration/);
  });

  it('refuses an external entity as an undeclared one, reading nothing from outside', () => {
    const error = csdlError(`${EDMX_HEAD}<edmx:DataServices>&xxe;</edmx:DataServices></edmx:Edmx>`);
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/undefined entity/);
  });

  it('refuses a text longer than the limit, and reads one within it', () => {
    const text = metadataText('trippin');
    expect(csdlError(text, { maxLength: text.length - 1 }).code).toBe('too_large');
    expect(fromMetadata(text, { maxLength: text.length }).model.entitySets.size).toBeGreaterThan(0);
    expect(() => fromMetadata(text, { maxLength: 0 })).toThrow(TypeError);
  });

  it('names the line of XML that is not well formed', () => {
    const text = metadataText('trippin').replace('<Property Name="Budget"', '<Property Name="Budget" Name="Again"');
    const line = text.slice(0, text.indexOf('Name="Again"')).split('\n').length;
    const error = csdlError(text);
    expect(error.code).toBe('malformed');
    expect(error.line).toBe(line);
  });

  it('names what is missing from a document that is no CSDL', () => {
    expect(csdlError('<html><body/></html>')).toMatchObject({ code: 'not_csdl', element: 'html', line: 1 });
    expect(csdlError('{"openapi": "3.0.0"}')).toMatchObject({ code: 'not_csdl', element: '$Version' });
    expect(csdlError('{"$Version": "4.01",').code).toBe('malformed');
    expect(csdlError(`${EDMX_HEAD}</edmx:Edmx>`).code).toBe('not_csdl');
    expect(csdlError('').code).toBe('malformed');
  });

  it('names the element of a model that cannot be', () => {
    const text = metadataText('trippin').replace(
      '<PropertyRef Name="AirlineCode" />',
      '<PropertyRef Name="Nothing" />',
    );
    const error = csdlError(text);
    expect(error.code).toBe('invalid_model');
    expect(error.element).toBe('Microsoft.OData.SampleService.Models.TripPin.Airline');
    expect(error.line).toBe(text.slice(0, text.indexOf('<EntityType Name="Airline">')).split('\n').length);
  });

  it('reads annotations nested as deep as it reads elements, and refuses deeper ones at once', () => {
    const nested = (depth: number) =>
      metadataText('trippin').replace(
        '<Annotation Term="Org.OData.Core.V1.Computed" Bool="true" />',
        `<Annotation Term="Org.OData.Core.V1.Computed">${'<Collection>'.repeat(depth)}${'</Collection>'.repeat(depth)}</Annotation>`,
      );
    // The annotation is inside Edmx, DataServices, Schema, EntityType, Property: five levels.
    expect(fromMetadata(nested(MAX_XML_DEPTH - 6)).model.entitySets.size).toBeGreaterThan(0);
    expect(csdlError(nested(MAX_XML_DEPTH - 5))).toMatchObject({ code: 'too_deep', element: 'Collection' });
    expect(csdlError(nested(100_000)).code).toBe('too_deep');
  });

  it('ends deeply nested JSON in a CsdlError', () => {
    const json = `{"$Version":"4.01","N":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const result = thrown(() => fromMetadata(json));
    expect(isCsdlError(result)).toBe(true);
  });

  it("keys no object by a name every object inherits, so a document reaches no other object's members", () => {
    const schema = (namespace: string, types: string, container = '') =>
      `<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="${namespace}">${types}${container}</Schema>`;
    const entity = (key: string, more = '') =>
      `<EntityType Name="E"><Key><PropertyRef Name="${key}"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>${more}</EntityType>`;
    const document = (...schemas: string[]) =>
      `${EDMX_HEAD}<edmx:DataServices>${schemas.join('')}</edmx:DataServices></edmx:Edmx>`;
    const nonFilterable = (path: string) =>
      `<Annotation Term="Org.OData.Capabilities.V1.FilterRestrictions"><Record><PropertyValue Property="NonFilterableProperties"><Collection><PropertyPath>${path}</PropertyPath></Collection></PropertyValue></Record></Annotation>`;
    try {
      // A schema named `__proto__` once wrote its types onto Object.prototype.
      const { report } = fromMetadata(
        document(
          schema('__proto__', '<ComplexType Name="Leak"/>'),
          schema(
            'N',
            entity('Id'),
            '<EntityContainer Name="C"><EntitySet Name="Es" EntityType="N.E"/></EntityContainer>',
          ),
        ),
      );
      expect(report).toContainEqual(expect.objectContaining({ kind: 'dropped', element: 'Schema', name: '__proto__' }));
      // A key part named `__proto__` once made every object's `nullable` false.
      expect(csdlError(document(schema('N', entity('__proto__'), '<EntityContainer Name="C"/>'))).code).toBe(
        'invalid_model',
      );
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as { nullable?: unknown }).nullable).toBeUndefined();

      // A property and an entity set named as members every object inherits hold their rules.
      const imported = fromMetadata(
        document(
          schema(
            'N',
            entity(
              'Id',
              '<Property Name="constructor" Type="Edm.String"/><Property Name="__proto__" Type="Edm.String"/>',
            ),
            `<EntityContainer Name="C"><EntitySet Name="constructor" EntityType="N.E">${nonFilterable('constructor')}</EntitySet><EntitySet Name="toString" EntityType="N.E"/></EntityContainer>`,
          ),
        ),
      );
      expect(Object.hasOwn(imported.rules, 'constructor')).toBe(true);
      expect(imported.rules.constructor).toEqual({ constructor: { filter: false } });
      expect(filterSchemaFor(imported, 'constructor').properties.get('constructor')?.filterable).toBe(false);
      expect(filterSchemaFor(imported, 'toString').properties.get('constructor')?.filterable).toBe(true);
      expect(imported.report).toContainEqual(
        expect.objectContaining({ kind: 'dropped', element: 'Property', name: 'N.E/__proto__', line: 1 }),
      );
      expect((Object as { filter?: unknown }).filter).toBeUndefined();
    } finally {
      // Should a check above fail, what leaked must not fail every test after it.
      for (const key of Object.keys(Object.prototype)) delete (Object.prototype as Record<string, unknown>)[key];
      delete (Object.prototype as { nullable?: unknown }).nullable;
      delete (Object as { filter?: unknown }).filter;
    }
  });

  it('reads a type with as many base types as it reads whole, and refuses one derived deeper at once', () => {
    const derived = (depth: number) => {
      let types =
        '<EntityType Name="T0"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>';
      for (let i = 1; i <= depth; i++)
        types += `\n<EntityType Name="T${i}" BaseType="N.T${i - 1}"><Property Name="P${i}" Type="Edm.Int32"/></EntityType>`;
      return `${EDMX_HEAD}<edmx:DataServices><Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N">${types}
<EntityContainer Name="C"><EntitySet Name="Deep" EntityType="N.T${depth}"/></EntityContainer></Schema></edmx:DataServices></edmx:Edmx>`;
    };
    // Base types beyond 64 were once cut off: the key of T0 was not found, the set was dropped.
    const { model, report } = fromMetadata(derived(MAX_BASE_TYPE_DEPTH));
    expect(report).toEqual([]);
    expect(() => check('Id eq 1 and P1 eq 2', schemaOf(model, 'Deep'))).not.toThrow();
    expect(schemaOf(model, 'Deep').properties.get('Id')).toMatchObject({ nullable: false });
    expect(csdlError(derived(MAX_BASE_TYPE_DEPTH + 1))).toMatchObject({
      code: 'too_deep',
      element: `N.T${MAX_BASE_TYPE_DEPTH + 1}`,
      line: MAX_BASE_TYPE_DEPTH + 2,
    });
    // 10,000 levels took half a minute to read.
    expect(csdlError(derived(10_000)).code).toBe('too_deep');
  });

  it("reads SAP's restrictions inside complex types that hold one another twice over, up to a bound, noting the rest", () => {
    // L0 holds two L1s, each L1 two L2s, …: 2^40 paths down to L40's `Hidden`, each a path of the rules.
    const levels = 40;
    let types = '';
    for (let i = 0; i < levels; i++)
      types += `<ComplexType Name="L${i}"><Property Name="A" Type="S.L${i + 1}"/><Property Name="B" Type="S.L${i + 1}"/></ComplexType>`;
    const text = `<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
<edmx:DataServices m:DataServiceVersion="2.0"><Schema Namespace="S" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
<EntityType Name="E"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false" sap:filterable="false"/><Property Name="Deep" Type="S.L0"/></EntityType>
${types}<ComplexType Name="L${levels}"><Property Name="Hidden" Type="Edm.String" sap:filterable="false"/></ComplexType>
<EntityContainer Name="C" m:IsDefaultEntityContainer="true"><EntitySet Name="Es" EntityType="S.E"/></EntityContainer>
</Schema></edmx:DataServices></edmx:Edmx>`;
    const { rules, report } = fromMetadata(text);
    expect(rules.Es?.Id).toEqual({ filter: false });
    expect(report).toEqual([
      expect.objectContaining({ kind: 'not_applied', element: 'EntitySet', name: 'Es', line: 5 }),
    ]);
  });

  it('ends any mutation of a real document in a result or a CsdlError', () => {
    const text = metadataText('trippin');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.nat({ max: text.length }),
            cut: fc.nat({ max: 40 }),
            insert: fc.string({ maxLength: 6 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (edits) => {
          let mutated = text;
          for (const { at, cut, insert } of edits) mutated = mutated.slice(0, at) + insert + mutated.slice(at + cut);
          const error = thrown(() => fromMetadata(mutated));
          if (error !== undefined) expect(isCsdlError(error), String(error)).toBe(true);
        },
      ),
      { numRuns: runs(200, 2000, 50) },
    );
  });
});
