// What fromMetadata() reads from each construct of CSDL (docs/metadata.md): OData 2's associations
// as navigation with partners and bindings, SAP's restrictions and the Capabilities annotations as
// rules, unrepresentable properties imported as not filterable and reported with their line, the
// same model from a CSDL JSON document as from its XML, and the service's version.

import { describe, expect, it } from 'vitest';
import { fromMetadata } from '../../src/csdl/index.js';
import { check, listPropertyPaths, type NavigationProperty, schemaOf } from '../../src/index.js';
import { filterSchemaOf, rulesOf } from '../../src/query/rules.js';
import { thrownFilterError } from '../support/thrown.js';
import { importedModel } from './real-models.js';

const V2 = `<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns:sap="http://www.sap.com/Protocols/SAPData">
  <edmx:DataServices m:DataServiceVersion="2.0">
    <Schema Namespace="Shop" Alias="S" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
      <EntityType Name="Order">
        <Key><PropertyRef Name="Id"/></Key>
        <Property Name="Id" Type="Edm.Int32"/>
        <Property Name="Placed" Type="Edm.DateTime" sap:filterable="false"/>
        <Property Name="Slot" Type="Edm.Time" sap:sortable="false"/>
        <Property Name="Customer" Type="Edm.String" sap:required-in-filter="true"/>
        <Property Name="Total" Type="Edm.Decimal" Precision="12" Scale="2"/>
        <NavigationProperty Name="Lines" Relationship="S.Order_Lines" FromRole="Order" ToRole="Lines"/>
      </EntityType>
      <EntityType Name="Line">
        <Key><PropertyRef Name="OrderId"/><PropertyRef Name="No"/></Key>
        <Property Name="OrderId" Type="Edm.Int32" Nullable="false"/>
        <Property Name="No" Type="Edm.Int16" Nullable="false"/>
        <NavigationProperty Name="Order" Relationship="S.Order_Lines" FromRole="Lines" ToRole="Order"/>
        <NavigationProperty Name="Next" Relationship="S.Line_Next" FromRole="This" ToRole="Next"/>
      </EntityType>
      <Association Name="Order_Lines">
        <End Role="Order" Type="S.Order" Multiplicity="1"/>
        <End Role="Lines" Type="S.Line" Multiplicity="*"/>
      </Association>
      <Association Name="Line_Next">
        <End Role="This" Type="S.Line" Multiplicity="1"/>
        <End Role="Next" Type="S.Line" Multiplicity="0..1"/>
      </Association>
      <EntityContainer Name="Entities" m:IsDefaultEntityContainer="true">
        <EntitySet Name="Orders" EntityType="S.Order"/>
        <EntitySet Name="Lines" EntityType="S.Line"/>
        <AssociationSet Name="OL" Association="S.Order_Lines">
          <End Role="Order" EntitySet="Orders"/>
          <End Role="Lines" EntitySet="Lines"/>
        </AssociationSet>
        <FunctionImport Name="Cancel" ReturnType="S.Order" EntitySet="Orders" m:HttpMethod="POST"/>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>`;

describe('an OData 2 EDMX', () => {
  const imported = fromMetadata(V2);
  const { model } = imported;

  it('reads associations as navigation properties with their multiplicity, partners and bindings', () => {
    const order = model.types.get('Shop.Order') as { properties: ReadonlyMap<string, NavigationProperty> };
    const line = model.types.get('Shop.Line') as { properties: ReadonlyMap<string, NavigationProperty> };
    expect(order.properties.get('Lines')).toMatchObject({ kind: 'navigation', collection: true, partner: 'Order' });
    expect(line.properties.get('Order')).toMatchObject({ collection: false, nullable: false, partner: 'Lines' });
    // A one-way association has no partner; 0..1 may be none.
    expect(line.properties.get('Next')).toMatchObject({ collection: false, nullable: true, partner: undefined });
    expect(line.properties.get('Next')!.target).toBe(line);
    expect(model.entitySets.get('Orders')!.bindings.get('Lines')?.name).toBe('Lines');
    expect(model.entitySets.get('Lines')!.bindings.get('Order')?.name).toBe('Orders');
    expect(model.entitySets.get('Lines')!.bindings.has('Next')).toBe(false);
  });

  it('reads the version, OData 2 type names, and a key the document leaves nullable as never null', () => {
    expect(imported.version).toBe('2.0');
    const paths = Object.fromEntries(listPropertyPaths(schemaOf(model, 'Orders')).map((p) => [p.path.join('/'), p]));
    expect(paths.Placed!.property.type).toBe('Edm.DateTime');
    expect(paths.Slot!.property.type).toBe('Edm.TimeOfDay');
    expect(paths.Id).toMatchObject({ nullable: false });
    expect(imported.report).toContainEqual(
      expect.objectContaining({ kind: 'adjusted', element: 'Property', name: 'Shop.Order/Id', line: 7 }),
    );
    expect(check("Slot eq time'PT13H20M'", schemaOf(model, 'Orders'), { version: '2.0' })).toBeDefined();
  });

  it("reads SAP's restrictions as rules and requirements of each entity set of the type", () => {
    expect(imported.rules.Orders).toEqual({ Placed: { filter: false }, Slot: { sort: false } });
    expect(imported.requirements.Orders).toEqual({ requiresFilter: false, requiredProperties: ['Customer'] });
    const view = schemaOf(model, 'Orders');
    const error = thrownFilterError(() =>
      check("Placed gt datetime'2020-01-01T00:00'", filterSchemaOf(view, rulesOf(view, imported.rules.Orders)), {
        version: '2.0',
      }),
    );
    expect(error.issues[0]!.code).toBe('not_filterable');
  });

  it('reports the function import as not used yet, with its line', () => {
    expect(imported.report).toContainEqual({
      kind: 'not_used_yet',
      element: 'FunctionImport',
      name: 'Shop.Entities/Cancel',
      line: 36,
      reason: 'function and action imports are not read into the model yet',
    });
  });
});

const V4 = `<edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Capabilities.V1.xml">
    <edmx:Include Namespace="Org.OData.Capabilities.V1" Alias="Cap"/>
  </edmx:Reference>
  <edmx:DataServices>
    <Schema Namespace="Geo" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <ComplexType Name="Spot">
        <Property Name="Label" Type="Edm.String"/>
        <Property Name="Point" Type="Edm.GeographyPoint"/>
        <Property Name="Children" Type="Collection(Geo.Spot)"/>
      </ComplexType>
      <EntityType Name="Place">
        <Key><PropertyRef Name="Id"/></Key>
        <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
        <Property Name="Name" Type="Edm.String" MaxLength="40"/>
        <Property Name="Secret" Type="Edm.String"/>
        <Property Name="Picture" Type="Edm.Stream"/>
        <Property Name="Extra" Type="Edm.Untyped"/>
        <Property Name="Where" Type="Geo.Spot"/>
        <Property Name="Kind" Type="Geo.Kind"/>
        <NavigationProperty Name="Near" Type="Collection(Geo.Place)" Partner="Near"/>
        <NavigationProperty Name="Owner" Type="Geo.Person"/>
      </EntityType>
      <EntityType Name="Person">
        <Key><PropertyRef Name="Id"/></Key>
        <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
        <Property Name="Name" Type="Edm.String"/>
        <NavigationProperty Name="Places" Type="Collection(Geo.Place)" Partner="Nowhere"/>
      </EntityType>
      <EnumType Name="Kind" UnderlyingType="Edm.Byte" IsFlags="true">
        <Member Name="Park" Value="1"/>
        <Member Name="Shop" Value="2"/>
      </EnumType>
      <Function Name="Distance" IsBound="true"><Parameter Name="p" Type="Geo.Place"/><ReturnType Type="Edm.Double"/></Function>
      <EntityContainer Name="Container">
        <EntitySet Name="Places" EntityType="Geo.Place">
          <NavigationPropertyBinding Path="Near" Target="Places"/>
          <NavigationPropertyBinding Path="Owner" Target="People"/>
          <Annotation Term="Cap.FilterRestrictions">
            <Record>
              <PropertyValue Property="NonFilterableProperties">
                <Collection><PropertyPath>Secret</PropertyPath><PropertyPath>Nothing</PropertyPath></Collection>
              </PropertyValue>
              <PropertyValue Property="RequiredProperties"><Collection><PropertyPath>Name</PropertyPath></Collection></PropertyValue>
              <PropertyValue Property="RequiresFilter" Bool="true"/>
            </Record>
          </Annotation>
          <Annotation Term="Cap.NavigationRestrictions">
            <Record>
              <PropertyValue Property="RestrictedProperties">
                <Collection>
                  <Record>
                    <PropertyValue Property="NavigationProperty" NavigationPropertyPath="Near"/>
                    <PropertyValue Property="FilterRestrictions"><Record><PropertyValue Property="Filterable" Bool="false"/></Record></PropertyValue>
                  </Record>
                </Collection>
              </PropertyValue>
            </Record>
          </Annotation>
        </EntitySet>
        <EntitySet Name="People" EntityType="Geo.Person"/>
      </EntityContainer>
      <Annotations Target="Geo.Container/People">
        <Annotation Term="Org.OData.Capabilities.V1.SortRestrictions">
          <Record><PropertyValue Property="NonSortableProperties"><Collection><PropertyPath>Name</PropertyPath></Collection></PropertyValue></Record>
        </Annotation>
        <Annotation Term="Org.OData.Capabilities.V1.ExpandRestrictions">
          <Record><PropertyValue Property="Expandable" Bool="false"/></Record>
        </Annotation>
      </Annotations>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>`;

describe('a CSDL XML 4.01 document', () => {
  const imported = fromMetadata(V4);
  const view = schemaOf(imported.model, 'Places');

  it('imports a property of a type the filter language cannot read as not filterable, and reports it with its line', () => {
    const paths = Object.fromEntries(listPropertyPaths(view).map((p) => [p.path.join('/'), p]));
    for (const path of ['Picture', 'Extra', 'Where/Point'])
      expect(paths[path], path).toMatchObject({ filterable: false });
    const where = view.properties.get('Where');
    expect(where?.kind === 'structured' && where.properties.get('Children')?.filterable).toBe(false);
    expect(paths.Name).toMatchObject({ filterable: true });
    expect(paths.Name!.property.type).toBe('Edm.String');
    const unrepresentable = imported.report.filter((n) => n.kind === 'unrepresentable');
    expect(unrepresentable.map((n) => [n.name, n.line])).toEqual([
      ['Geo.Spot/Point', 9],
      ['Geo.Place/Picture', 17],
      ['Geo.Place/Extra', 18],
      ['Geo.Spot/Children', 10],
    ]);
    expect(unrepresentable[1]!.reason).toMatch(/^Edm\.Stream is a type the filter language cannot read/);
    // Only a filter that reads one is refused; the rest of the type filters as ever.
    expect(thrownFilterError(() => check('Picture eq null', view)).issues[0]).toMatchObject({
      code: 'not_filterable',
      start: 0,
    });
    expect(check("Where/Label eq 'x' and Kind has Geo.Kind'Park'", view)).toBeDefined();
  });

  it('reads the Capabilities annotations as rules and requirements, reporting what they cannot state', () => {
    expect(imported.rules.Places).toEqual({ Secret: { filter: false } });
    expect(imported.requirements.Places).toEqual({ requiresFilter: true, requiredProperties: ['Name'] });
    expect(imported.rules['Places/Near']).toEqual(
      Object.fromEntries([...view.properties.keys()].map((name) => [name, { filter: false }])),
    );
    expect(imported.rules.People).toEqual({ Name: { sort: false }, Places: { expand: false } });
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        kind: 'not_applied',
        element: 'Annotation',
        reason: "'Nothing' is no property path of Places",
      }),
    );
  });

  it('reads the first of two elements given one name, and notes the other and names CSDL JSON gives a meaning', () => {
    const text = `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N">
<EntityType Name="E"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>
<Property Name="P" Type="Edm.String"/>
<Property Name="P" Type="Edm.Int32"/>
<NavigationProperty Name="P" Type="N.E"/>
<Property Name="$BaseType" Type="Edm.String"/>
</EntityType>
<ComplexType Name="E"/>
<EnumType Name="Color"><Member Name="Red" Value="1"/><Member Name="Red" Value="2"/></EnumType>
<EntityContainer Name="C"><EntitySet Name="Es" EntityType="N.E"/>
<Singleton Name="Es" Type="N.E"/>
</EntityContainer>
</Schema></edmx:DataServices></edmx:Edmx>`;
    const { model, report } = fromMetadata(text);
    // The last of each was read in place of the first, without a word.
    const es = schemaOf(model, 'Es');
    expect(es.properties.get('P')).toMatchObject({ kind: 'primitive', type: 'Edm.String' });
    expect(model.types.get('N.E')?.kind).toBe('entity');
    expect((model.types.get('N.Color') as { members: ReadonlyMap<string, unknown> }).members.get('Red')).toBe(1n);
    expect(model.entitySets.has('Es')).toBe(true);
    expect(model.singletons.has('Es')).toBe(false);
    expect(report.map((note) => [note.kind, note.element, note.name, note.line])).toEqual([
      ['dropped', 'Property', 'N.E/P', 5],
      ['dropped', 'NavigationProperty', 'N.E/P', 6],
      ['dropped', 'Property', 'N.E/$BaseType', 7],
      ['dropped', 'ComplexType', 'N.E', 9],
      ['dropped', 'Member', 'N.Color/Red', 10],
      ['dropped', 'Singleton', 'N.C/Es', 12],
    ]);
  });

  it("reads a derived type that states its key again with its base type's key, and notes it", () => {
    const text = `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N">
<EntityType Name="Base"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
<EntityType Name="Derived" BaseType="N.Base"><Key><PropertyRef Name="Id"/></Key><Property Name="More" Type="Edm.String"/></EntityType>
<EntityContainer Name="C"><EntitySet Name="Ds" EntityType="N.Derived"/></EntityContainer>
</Schema></edmx:DataServices></edmx:Edmx>`;
    // The whole document was refused: "the key is given by the base type 'N.Base'".
    const { model, report } = fromMetadata(text);
    expect(check("Id eq 1 and More eq 'x'", schemaOf(model, 'Ds'))).toBeDefined();
    expect((model.types.get('N.Derived') as { key: readonly { alias: string }[] }).key.map((k) => k.alias)).toEqual([
      'Id',
    ]);
    expect(report).toEqual([expect.objectContaining({ kind: 'adjusted', element: 'Key', name: 'N.Derived', line: 4 })]);
  });

  it('reads the qualifier of an Annotations element as each annotation inside it', () => {
    const restriction = (record: string) =>
      `<Annotation Term="Org.OData.Capabilities.V1.FilterRestrictions"><Record>${record}</Record></Annotation>`;
    const text = `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N">
<EntityType Name="E"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/><Property Name="P" Type="Edm.String"/></EntityType>
<EntityContainer Name="C"><EntitySet Name="Es" EntityType="N.E"/></EntityContainer>
<Annotations Target="N.C/Es">${restriction('<PropertyValue Property="NonFilterableProperties"><Collection><PropertyPath>P</PropertyPath></Collection></PropertyValue>')}</Annotations>
<Annotations Target="N.C/Es" Qualifier="Phone">
${restriction('<PropertyValue Property="Filterable" Bool="false"/>')}
</Annotations>
</Schema></edmx:DataServices></edmx:Edmx>`;
    // The alternative for phones was read as the restriction: no property of Es was filterable.
    const { rules, report } = fromMetadata(text);
    expect(rules).toEqual({ Es: { P: { filter: false } } });
    expect(report).toEqual([
      expect.objectContaining({ kind: 'not_applied', name: 'N.C/Es FilterRestrictions#Phone', line: 7 }),
    ]);
  });

  it('reads no alias CSDL reserves, which would take the Edm types from every property', () => {
    const xml = `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N" Alias="Edm">
<EntityType Name="E"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/><Property Name="P" Type="Edm.String"/></EntityType>
<EntityContainer Name="C"><EntitySet Name="Es" EntityType="N.E"/></EntityContainer>
</Schema></edmx:DataServices></edmx:Edmx>`;
    const json = JSON.stringify({
      $Version: '4.01',
      $EntityContainer: 'N.C',
      N: {
        $Alias: 'Edm',
        E: { $Kind: 'EntityType', $Key: ['Id'], Id: { $Type: 'Edm.Int32' }, P: { $Nullable: true } },
        C: { $Kind: 'EntityContainer', Es: { $Collection: true, $Type: 'N.E' } },
      },
    });
    for (const text of [xml, json]) {
      // Each property was of 'N.Int32' or 'N.String', no type of the document: not filterable.
      const { model, report } = fromMetadata(text);
      expect(check("Id eq 1 and P eq 'x'", schemaOf(model, 'Es'))).toBeDefined();
      expect(report).toEqual([expect.objectContaining({ kind: 'dropped', element: 'Alias', name: 'Edm' })]);
    }
  });

  it('reads a restriction of one path written without its collection, and notes what is no path', () => {
    const restriction = (paths: string) =>
      `<Annotation Term="Org.OData.Capabilities.V1.FilterRestrictions"><Record><PropertyValue Property="NonFilterableProperties">${paths}</PropertyValue></Record></Annotation>`;
    const text = `<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0"><edmx:DataServices>
<Schema xmlns="http://docs.oasis-open.org/odata/ns/edm" Namespace="N">
<EntityType Name="E"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/><Property Name="P" Type="Edm.String"/></EntityType>
<EntityContainer Name="C">
<EntitySet Name="Es" EntityType="N.E">${restriction('<PropertyPath>P</PropertyPath>')}</EntitySet>
<EntitySet Name="Fs" EntityType="N.E">${restriction('<Collection><PropertyPath>P</PropertyPath><Int>3</Int></Collection>')}</EntitySet>
</EntityContainer>
</Schema></edmx:DataServices></edmx:Edmx>`;
    // The lone path restricted nothing, without a word.
    const { rules, report } = fromMetadata(text);
    expect(rules).toEqual({ Es: { P: { filter: false } }, Fs: { P: { filter: false } } });
    expect(report.map((note) => [note.kind, note.name, note.line])).toEqual([
      ['adjusted', 'N.C/Es FilterRestrictions', 5],
      ['not_applied', 'N.C/Fs FilterRestrictions', 6],
    ]);
  });

  it('reads partners that lead back, and reports one that does not', () => {
    const person = imported.model.types.get('Geo.Person') as { properties: ReadonlyMap<string, NavigationProperty> };
    expect(person.properties.get('Places')!.partner).toBeUndefined();
    expect(imported.report).toContainEqual(
      expect.objectContaining({ kind: 'dropped', element: 'Partner', name: 'Geo.Person/Places', line: 28 }),
    );
    expect(imported.version).toBe('4.01');
  });

  it('reads a function into the model: bound, its binding parameter first, nullable as XML says by default', () => {
    const [distance, ...others] = imported.model.functions.get('Geo.Distance') ?? [];
    expect(others).toEqual([]);
    expect(distance).toMatchObject({
      bound: true,
      composable: false,
      returnType: { type: 'Edm.Double', nullable: true },
    });
    expect(
      distance!.parameters.map((p) => [p.name, typeof p.type === 'string' ? p.type : p.type.name, p.nullable]),
    ).toEqual([['p', 'Geo.Place', true]]);
    expect(imported.report.filter((n) => n.element === 'Function')).toEqual([]);
  });
});

describe('a CSDL JSON document', () => {
  it('reads the same model, rules and version as the XML document of a real service', () => {
    // TripPin's XML, with what the JSON form says written out by hand for its Person and People.
    const json = {
      $Version: '4.0',
      $EntityContainer: 'T.C',
      T: {
        Person: {
          $Kind: 'EntityType',
          $Key: ['UserName'],
          UserName: {},
          Emails: { $Collection: true, $Nullable: true },
          Gender: { $Type: 'T.Gender', $Nullable: true },
          Friends: { $Kind: 'NavigationProperty', $Type: 'T.Person', $Collection: true },
        },
        Gender: { $Kind: 'EnumType', Male: 0, Female: 1 },
        C: {
          $Kind: 'EntityContainer',
          People: {
            $Collection: true,
            $Type: 'T.Person',
            $NavigationPropertyBinding: { Friends: 'People' },
            '@Org.OData.Capabilities.V1.FilterRestrictions': { NonFilterableProperties: ['Emails'] },
          },
        },
      },
    };
    const imported = fromMetadata(JSON.stringify(json));
    const people = schemaOf(imported.model, 'People');
    expect(listPropertyPaths(people).map((p) => [p.path.join('/'), p.property.type, p.nullable])).toEqual([
      ['UserName', 'Edm.String', false],
      ['Gender', 'Edm.Int32', true],
    ]);
    expect(people.properties.get('Emails')).toMatchObject({ kind: 'collection', element: { nullable: true } });
    expect(imported.rules.People).toEqual({ Emails: { filter: false } });
    expect(imported.model.entitySets.get('People')!.bindings.get('Friends')!.name).toBe('People');
    expect(imported.version).toBe('4.0');
    expect(imported.report).toEqual([]);
  });
});

describe('the real documents', () => {
  it('report every unrepresentable property of TripPin and Graph with its element and line', () => {
    const trippin = importedModel('trippin').report.filter((n) => n.kind === 'unrepresentable');
    expect(trippin).toEqual([
      expect.objectContaining({
        element: 'Property',
        name: 'Microsoft.OData.SampleService.Models.TripPin.AirportLocation/Loc',
        line: 23,
      }),
    ]);
    const graph = importedModel('graph-v1.0').report.filter((n) => n.kind === 'unrepresentable');
    expect(graph.length).toBeGreaterThan(10);
    for (const note of graph) expect(note.line, note.name).toBeGreaterThan(0);
  });

  it("read Graph's FilterRestrictions on a type's navigation as the rules of that navigation from each member", () => {
    const { rules, report } = importedModel('graph-v1.0');
    const navigationRules = Object.keys(rules).filter((resource) => resource.includes('/'));
    expect(navigationRules.length).toBeGreaterThan(5);
    expect(report.filter((n) => n.kind === 'not_used_yet' && n.element === 'Action').length).toBeGreaterThan(100);
  });
});
