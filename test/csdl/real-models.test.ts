// fromMetadata() on the documents of fixtures/: every entity set and singleton imports (its view is
// a schema), filters a client of each service sends (for the peers' test models, filters of their
// own tests) check in the service's OData version, wrong ones fail at their position, with the
// name a misspelling probably meant, and each model written as $metadata reads back as itself.

import { describe, expect, it } from 'vitest';
import { fromMetadata } from '../../src/csdl/index.js';
import { check, type Schema, schemaOf, viewSourceOf } from '../../src/index.js';
import { metadataXml } from '../../src/metadata/index.js';
import { filterSchemaOf, type PropertyRules, rulesOf } from '../../src/query/rules.js';
import { thrownFilterError } from '../support/thrown.js';
import { describePaths, describeType } from './model-description.js';
import { importedModel, REAL_MODELS, type RealModel } from './real-models.js';

/** The schema a filter of a resource is checked against: its view, with the imported rules' `filter: false`. */
function filterSchema(name: RealModel, resource: string): Schema {
  const { model, rules } = importedModel(name);
  const view = schemaOf(model, resource);
  return filterSchemaOf(view, rulesOf(view, rules[resource]));
}

/** The rules metadataXml() states: those of entity sets and singletons, as a navigation's resource (`People/Friends`) is no member of the container. */
function memberRules(rules: Readonly<Record<string, PropertyRules>>): Record<string, PropertyRules> {
  return Object.fromEntries(Object.entries(rules).filter(([resource]) => !resource.includes('/')));
}

/** A description with OData 2's instant, Edm.DateTime, named as the writer names it in OData 4. */
function asDateTimeOffset(description: unknown): unknown {
  if (description === 'Edm.DateTime') return 'Edm.DateTimeOffset';
  if (Array.isArray(description)) return description.map(asDateTimeOffset);
  if (typeof description === 'object' && description !== null)
    return Object.fromEntries(Object.entries(description).map(([key, value]) => [key, asDateTimeOffset(value)]));
  return description;
}

const FILTERS: Readonly<Record<RealModel, readonly (readonly [resource: string, filter: string])[]>> = {
  trippin: [
    ['People', "FirstName eq 'Scott'"],
    [
      'People',
      "startswith(LastName, 'Ke') and Gender eq Microsoft.OData.SampleService.Models.TripPin.PersonGender'Male'",
    ],
    ['People', "Emails/any(e: endswith(e, '@example.com'))"],
    ['People', "AddressInfo/any(a: a/City/Region eq 'WA' and a/City/Name ne 'Seattle')"],
    ['People', 'Concurrency gt 635585766727253045'],
    ['People', "Friends/any(f: f/FirstName eq 'Russell')"],
    ['People', 'Friends/all(f: f/Trips/any(t: t/Budget gt 1000))'],
    ['People', "Trips/any(t: t/Tags/any(g: g eq 'Trip in US'))"],
    ['People', 'Trips/any(t: t/StartsAt ge 2014-01-01T00:00:00Z and t/EndsAt lt 2015-01-01T00:00:00Z)'],
    ['People', "Photo/Name eq 'My Photo 1'"],
    ['People', 'Trips/$count gt 2'],
    ['People', "Trips/any(t: t/PlanItems/any(p: p/Duration gt duration'PT2H'))"],
    ['People', 'Trips/any(t: t/ShareId eq 9d9b2fa0-efbf-490e-a5e3-bac8f7d47354)'],
    ['People', "tolower(UserName) eq 'russellwhyte' or length(FirstName) lt 4"],
    ['Airports', "Location/City/Region eq 'California'"],
    ['Airports', "contains(Location/Address, 'Blvd') and (IataCode eq 'SFO' or IataCode eq 'LAX')"],
    ['Airports', "Name eq 'San Francisco International Airport'"],
    ['Airlines', "AirlineCode eq 'AA' or startswith(Name, 'American')"],
    ['Photos', 'Id le 10 and Name ne null'],
    ['Me', 'Trips/any(t: year(t/StartsAt) eq 2014)'],
    ['Me', 'AddressInfo/$count eq 1'],
  ],
  'northwind-v2': [
    ['Products', 'UnitPrice gt 20M and Discontinued eq false'],
    ['Products', "substringof('Chai', ProductName)"],
    ['Products', "Category/CategoryName eq 'Beverages'"],
    ['Products', "Supplier/Country eq 'Germany' and UnitsInStock lt 10"],
    ['Products', "Supplier/Phone ne null and QuantityPerUnit eq '24 - 12 oz bottles'"],
    ['Products', 'round(UnitPrice) eq 18M'],
    ['Orders', "OrderDate ge datetime'1997-01-01T00:00:00' and OrderDate lt datetime'1998-01-01T00:00:00'"],
    ['Orders', 'year(ShippedDate) eq 1997 and month(ShippedDate) eq 7'],
    ['Orders', "Customer/City eq 'London'"],
    ['Orders', "Employee/LastName eq 'Davolio' or Shipper/CompanyName eq 'Speedy Express'"],
    ['Orders', 'Freight mul 2M gt 100M'],
    ['Orders', "ShipCountry eq 'France' and ShipRegion eq null"],
    ['Customers', "tolower(ContactTitle) eq 'owner' and Fax eq null"],
    ['Customers', "startswith(CompanyName, 'Alfreds') and Country eq 'Germany'"],
    ['Customers', "length(CustomerID) eq 5 and indexof(Address, 'Obere') eq 0"],
    ['Employees', "HireDate lt datetime'1993-01-01T00:00:00' and Title eq 'Sales Representative'"],
    ['Employees', "Employee1/LastName eq 'Fuller'"],
    ['Order_Details', 'Discount gt 0 and Quantity ge 10'],
    ['Order_Details', "Product/ProductName eq 'Tofu' and Order/ShipCity eq 'Graz'"],
    ['Categories', "CategoryName eq 'Seafood' and Description ne null"],
    ['Suppliers', "Country eq 'USA' and HomePage ne null"],
  ],
  'northwind-v4': [
    ['Products', 'UnitPrice gt 20 and Discontinued eq false'],
    ['Products', "contains(ProductName, 'Chai')"],
    ['Products', "Category/CategoryName eq 'Beverages'"],
    ['Products', "Supplier/Country eq 'Germany' and UnitsInStock lt 10"],
    ['Products', 'Order_Details/any(d: d/Quantity gt 100)'],
    ['Products', 'round(UnitPrice) eq 18'],
    ['Orders', 'OrderDate ge 1997-01-01T00:00:00Z and OrderDate lt 1998-01-01T00:00:00Z'],
    ['Orders', 'year(ShippedDate) eq 1997 and month(ShippedDate) eq 7'],
    ['Orders', "Customer/City eq 'London'"],
    ['Orders', "Employee/LastName eq 'Davolio' or Shipper/CompanyName eq 'Speedy Express'"],
    ['Orders', 'Freight mul 2 gt 100'],
    ['Orders', "(ShipCountry eq 'France' or ShipCountry eq 'Germany') and ShipRegion eq null"],
    ['Orders', 'Order_Details/$count gt 3'],
    ['Customers', "tolower(ContactTitle) eq 'owner' and Fax eq null"],
    ['Customers', 'Orders/all(o: o/Freight lt 100)'],
    ['Customers', "CustomerDemographics/any(d: d/CustomerDesc ne null) or startswith(CompanyName, 'Alfreds')"],
    ['Employees', "HireDate lt 1993-01-01T00:00:00Z and Title eq 'Sales Representative'"],
    ['Employees', "Employee1/LastName eq 'Fuller'"],
    ['Employees', "Territories/any(t: t/Region/RegionDescription eq 'Eastern')"],
    ['Order_Details', 'Discount gt 0 and Quantity ge 10'],
    ['Order_Details', "Product/ProductName eq 'Tofu' and Order/ShipCity eq 'Graz'"],
    ['Categories', "CategoryName eq 'Seafood' and Products/any(p: p/UnitPrice gt 50)"],
    ['Suppliers', "Country eq 'USA' and HomePage ne null"],
    ['Invoices', "Salesperson eq 'Nancy Davolio' and ExtendedPrice gt 100"],
  ],
  'gwsample-basic-v2': [
    ['BusinessPartnerSet', "CompanyName eq 'SAP'"],
    ['BusinessPartnerSet', "Address/City eq 'Walldorf' and Address/Country eq 'DE'"],
    ['BusinessPartnerSet', "BusinessPartnerRole eq '01' and CurrencyCode eq 'EUR'"],
    ['BusinessPartnerSet', "CreatedAt gt datetime'2020-01-01T00:00:00'"],
    ['BusinessPartnerSet', "EmailAddress eq 'info@sap.com' and PhoneNumber ne null"],
    ['BusinessPartnerSet', "substringof('Corp', CompanyName) or LegalForm eq 'Inc.'"],
    ['ProductSet', "Category eq 'Notebooks' and Price lt 1000M"],
    ['ProductSet', "SupplierID eq '0100000000'"],
    ['ProductSet', "ToSupplier/CompanyName eq 'SAP'"],
    ['ProductSet', "WeightMeasure gt 2M and WeightUnit eq 'KG'"],
    ['ProductSet', 'TaxTarifCode eq 1'],
    ['SalesOrderSet', "CustomerID eq '0100000000' and GrossAmount ge 100M"],
    ['SalesOrderSet', "LifecycleStatus eq 'N' and BillingStatus ne 'P'"],
    ['SalesOrderSet', 'NetAmount add TaxAmount eq GrossAmount'],
    ['SalesOrderSet', "ToBusinessPartner/Address/City eq 'Berlin'"],
    ['SalesOrderLineItemSet', "SalesOrderID eq '0500000000' and ItemPosition eq '0000000010'"],
    ['SalesOrderLineItemSet', "ToProduct/Category eq 'Notebooks'"],
    ['ContactSet', "FirstName eq 'Karl' and Sex eq 'M'"],
    ['ContactSet', "ContactGuid eq guid'005056a1-4b6a-1ed6-a5d7-9a1f84ea8f0f'"],
    ['ContactSet', "DateOfBirth lt datetime'1980-01-01T00:00:00'"],
    ['ContactSet', "LastName eq 'Smith' and Language eq 'EN' and Address/PostalCode ne null"],
  ],
  'graph-v1.0': [
    ['users', "startswith(displayName, 'A') and accountEnabled eq true"],
    ['users', "mail eq 'adele@contoso.com' or userPrincipalName eq 'adele@contoso.com'"],
    ['users', 'assignedLicenses/any(l: l/skuId eq 184efa21-98c3-4e5d-95ab-d07053a96e67)'],
    ['users', "proxyAddresses/any(p: startswith(p, 'smtp:'))"],
    ['users', "identities/any(i: i/issuer eq 'contoso.com' and i/signInType eq 'userName')"],
    ['users', 'createdDateTime ge 2021-01-01T00:00:00Z'],
    ['users', "department eq 'Sales' and jobTitle ne null"],
    ['users', "userType eq 'Guest'"],
    ['users', 'onPremisesSyncEnabled eq true'],
    ['users', 'employeeHireDate lt 2020-01-01T00:00:00Z'],
    ['users', "memberOf/any(g: g/id eq '0e2c5e0a-8e46-4a2b-9f2b-7e5b9e0f1c1a')"],
    ['users', "manager/id eq '5e7a0d45-1f6d-4b1c-9d50-7a5a8a0f9c9e'"],
    ['users', "country eq 'US' and (city eq 'Redmond' or city eq 'Seattle')"],
    ['groups', "groupTypes/any(t: t eq 'Unified')"],
    ['groups', 'securityEnabled eq false and mailEnabled eq true'],
    ['groups', "startswith(displayName, 'Sales')"],
    ['applications', "signInAudience eq 'AzureADMyOrg'"],
    ['devices', "operatingSystem eq 'Windows' and accountEnabled eq true"],
    ['me', "jobTitle eq 'Engineer'"],
    ['drives', "driveType eq 'business'"],
    ['sites', "displayName eq 'Team'"],
  ],
  // odata.net's filter tests (FilterAndOrderByFunctionalTests, EnumFilterFunctionalTests) over its HardCodedTestModel.
  'hardcoded-test-model': [
    ['People', "MyDog/Color eq 'brown'"],
    ['People', 'MyDates/$count eq 2 and PreviousAddresses/$count eq 2'],
    ['People', 'FavoriteColors/$count eq 2 or MyFriendsDogs/$count eq 2'],
    ['People', 'MyAddress eq null'],
    ['People', "replace(Name, 'a', 'e') eq 'endrew'"],
    ['People', 'MyDate gt 1997-02-04 and Birthdate gt 1997-02-04T00:00:00+11:00'],
    ['People', 'MyTimeOfDay gt 23:40:40.900'],
    ['People', "duration'PT0H0M15S' eq duration'P1DT0H0M30S'"],
    ['People', "FirstName ne 'Bob'"],
    ['People', 'FavoriteNumber eq 65535 and StockQuantity ne 4294967295 and LifeTime ne 18446744073709551615'],
    ['People', 'FavoriteNumber add StockQuantity eq 1'],
    ['People', "-duration'PT130S' eq  TimeEmployed"],
    ['People', '2011-06-18 sub 2010-06-10 ge TimeEmployed'],
    ['People', 'MyDate ge date(2011-06-18T00:00:00Z) and MyTimeOfDay ge time(2014-09-19T12:13:14+00:00)'],
    ['People', 'year(MyDate) ge year(2010-12-13) and hour(MyTimeOfDay) ge hour(19:20:05)'],
    ['People', 'isof(MyAddress, Fully.Qualified.Namespace.HomeAddress) and isof(Shoe, Edm.String)'],
    ['People', "MyAddress/Fully.Qualified.Namespace.HomeAddress/HomeNO eq 'dva'"],
    ['People', "cast(Shoe, Edm.String) eq 'blue'"],
    ['People', "SSN eq 'a''bc' or SSN eq ''"],
    ['People', 'MyGuid eq D01663CF-EB21-4A0E-88E0-361C10ACE7FD'],
    ['People', "MyFriendsDogs/all(d: d/Nicknames/any(n: n eq 'Fido'))"],
    ['People', "FavoriteColors/any(c: c has Fully.Qualified.Namespace.ColorPattern'Red')"],
    ['People', "MyAddress/AddressType eq Fully.Qualified.Namespace.AddressType'Home' and MyAddress/MyNeighbors/any()"],
    ['People', "MyContainedDog/Color eq 'brown' and MyDog/LionWhoAteMe/AngerLevel gt 2.5"],
    ['People', 'isof(Fully.Qualified.Namespace.Employee) and Fully.Qualified.Namespace.Employee/WorkEmail ne null'],
    ['Pet1Set', 'DoubleID eq DecimalID and SingleID eq DecimalID'],
    ['Pet1Set', '(DoubleID mul 1 add 1.000000000000001 sub 1.000000001) mul 2 ge 1'],
    ['Pet1Set', 'DoubleID add INF eq INF and ID gt -INF'],
    ['Pet2Set', "PetColorPattern has Fully.Qualified.Namespace.ColorPattern'SolidYellow'"],
    ['Pet2Set', "PetColorPattern eq Fully.Qualified.Namespace.ColorPattern'Red,Blue'"],
    ['Pet2Set', "Shape eq Fully.Qualified.Namespace.NonFlagShape'Triangle' and ID eq 1.5"],
    ['Pet4Set', 'ID eq 123.01 or ID add 123 eq 123'],
    ['Pet5Set', 'ID eq not false'],
    ['Pet6Set', 'ID eq 1.5'],
    ['Paintings', "Colors/any(x: x eq 'blue') and Owner/Name eq 'Bob'"],
    ['Paintings', "isof(Fully.Qualified.Namespace.FramedPainting) or ArtistAddress/City eq 'Paris'"],
    ['Dogs', 'Nicknames/any() and MyPeople/any()'],
    ['Dogs', 'LionsISaw/any(l: l/AngerLevel gt 1)'],
    ['Lions', 'AttackDates/any(d: year(d) eq 2020) and LionHeartbeat/Frequency gt 1'],
    ['Boss', "MyDog/Breed eq 'Shiba'"],
    ['Shapes', "Color has Fully.Qualified.Namespace.ColorPattern'Solid'"],
  ],
  // Olingo's ExpressionParserTest over its technical service.
  'olingo-tecsvc': [
    // A name written with the schema's alias (Namespace1_Alias) names the namespace's type, as Olingo's tests write it.
    ['ESMixEnumDefCollComp', "PropertyEnumString eq Namespace1_Alias.ENString'String2'"],
    ['ESMixEnumDefCollComp', "PropertyEnumString has Namespace1_Alias.ENString'String1,String3'"],
    ['ESAllPrim', 'not PropertyBoolean or not (PropertyString eq null)'],
    ['ESAllPrim', '-PropertyInt16 eq PropertyInt16'],
    ['ESAllPrim', 'PropertyBoolean or PropertyInt32 eq PropertyInt64 and PropertyByte eq PropertySByte'],
    ['ESAllPrim', 'PropertySByte add PropertyDecimal gt 0 and PropertyInt64 mul PropertyDecimal gt 0'],
    ['ESAllPrim', 'PropertyDecimal mod PropertyDecimal gt 0 and PropertyByte div PropertySByte gt 0'],
    ['ESAllPrim', 'PropertyDateTimeOffset add PropertyDuration ne null and PropertyDate add PropertyDuration ne null'],
    [
      'ESAllPrim',
      'PropertyDateTimeOffset sub PropertyDateTimeOffset ne null and PropertyDate sub PropertyDate ne null',
    ],
    ['ESAllPrim', 'PropertyInt16 eq 32767 and PropertyByte eq 255 and PropertySByte eq -128'],
    ['ESAllPrim', 'PropertyInt64 eq 9223372036854775807 or PropertyDecimal eq 1.25 or PropertyDouble eq 1.5'],
    ['ESAllPrim', 'PropertyDecimal lt INF and PropertyDecimal ne NaN'],
    ['ESAllPrim', 'PropertyDateTimeOffset eq 2013-09-25T12:34:56.123456789012-10:24'],
    ['ESAllPrim', "PropertyDuration eq duration'P10DT5H34M21.123456789012S'"],
    ['ESAllPrim', 'PropertyGuid eq 005056A5-09B1-1ED3-89BD-FB81372CCB33 and PropertyTimeOfDay eq 12:34:55.12345678901'],
    ['ESAllPrim', "binary'VGVzdA==' eq null or PropertyBinary eq binary'VGVzdA=='"],
    ['ESAllPrim', 'ceiling(PropertyDecimal) eq 18 and floor(PropertyDouble) eq 17 and round(17.45e1) eq 17'],
    [
      'ESAllPrim',
      'date(PropertyDateTimeOffset) eq 2013-09-25 and time(PropertyDateTimeOffset) eq 12:34:55.123456789012',
    ],
    ['ESAllPrim', 'day(PropertyDate) eq 25 and month(PropertyDateTimeOffset) eq 9 and hour(PropertyTimeOfDay) eq 2'],
    ['ESAllPrim', 'totaloffsetminutes(PropertyDateTimeOffset) eq 4711 and totalseconds(PropertyDuration) eq 4711'],
    ['ESAllPrim', 'now() ne null and maxdatetime() ne null and mindatetime() ne null'],
    ['ESAllPrim', 'NavPropertyETTwoPrimMany/any(t: t/PropertyInt16 gt 1)'],
    ['ESTwoKeyNav', 'PropertyComp/PropertyInt16 gt 0 and PropertyComp/PropertyComp/PropertyDate ne null'],
    ['ESTwoKeyNav', "NavPropertyETTwoKeyNavOne eq null or NavPropertyETTwoKeyNavOne/PropertyString eq ''"],
    ['ESTwoKeyNav', 'NavPropertyETTwoKeyNavOne/PropertyComp/PropertyComp eq null'],
    ['ESTwoKeyNav', "$it/PropertyString eq 'SomeString'"],
    ['ESTwoKeyNav', 'CollPropertyComp/all(x:x/PropertyInt16 eq 2) and CollPropertyComp/any(l:true)'],
    ['ESTwoKeyNav', "contains(PropertyComp/PropertyComp/PropertyString,'Wall')"],
    ['ESTwoKeyNav', 'isof(PropertyComp/PropertyComp/PropertyDuration,Edm.Duration)'],
    ['ESTwoKeyNav', 'olingo.odata.test1.ETBaseTwoKeyNav/PropertyDate eq 2013-11-12'],
    ['ESTwoKeyNav', "PropertyCompTwoPrim/olingo.odata.test1.CTTwoBase/AdditionalPropString eq 'SomeString'"],
    ['ESTwoKeyNav', "CollPropertyCompNav/any(c: c/NavPropertyETTwoKeyNavOne/PropertyString eq 'x')"],
    ['ESKeyNav', "NavPropertyETTwoKeyNavMany/any(d:d/PropertyInt16 eq 1 or d/PropertyString eq 'SomeString')"],
    ['ESKeyNav', "NavPropertyETTwoKeyNavOne/CollPropertyString/any(d:d eq 'SomeString')"],
    ['ESKeyNav', "concat(PropertyString,cast(PropertyCompAllPrim/PropertyInt16,Edm.String)) ne ''"],
    ['ESKeyNav', "indexof(PropertyString,'47') eq 5 and length(PropertyString) eq 32"],
    ['ESKeyNav', "substring(PropertyString,2,4) eq 'foo' and trim(toupper(PropertyString)) eq 'FOO'"],
    ['ESKeyNav', 'isof(PropertyCompTwoPrim,olingo.odata.test1.CTTwoBase)'],
    ['ESKeyNav', "PropertyCompCompNav/PropertyCompNav/NavPropertyETTwoKeyNavOne/PropertyString eq 'x'"],
    ['ESMixEnumDefCollComp', "PropertyEnumString has olingo.odata.test1.ENString'String1,String3'"],
    ['ESMixEnumDefCollComp', "PropertyEnumString eq olingo.odata.test1.ENString'String2' and PropertyDefString eq 'x'"],
    [
      'ESMixEnumDefCollComp',
      "CollPropertyCompMixedEnumDef/any(c: c/CollPropertyEnumString/any(e: e has olingo.odata.test1.ENString'String2'))",
    ],
    [
      'ESCompCollComp',
      "PropertyComp/CollPropertyComp/any(f:f/olingo.odata.test1.CTBase/AdditionalPropString eq 'ADD TEST')",
    ],
    ['ESMixPrimCollComp', "CollPropertyString/any(s: s eq 'x') and PropertyComp/PropertyString eq 'x'"],
    ['ESCompMixPrimCollComp', 'PropertyMixedPrimCollComp/CollPropertyComp/any(c: c/PropertyInt16 eq 1)'],
    ['ESBaseTwoKeyNav', 'NavPropertyETBaseTwoKeyNavOne/PropertyDate eq 2013-11-12'],
    ['ESMedia', "NavPropertyETKeyNavOne/PropertyString eq 'x'"],
    ['SINav', 'NavPropertyETTwoKeyNavMany/any(n: n/PropertyInt16 eq 1)'],
  ],
};

/** Wrong filters, each with the position of its first issue, and the name suggested where the issue is a misspelling. */
const WRONG: Readonly<
  Record<RealModel, readonly (readonly [resource: string, filter: string, start: number, suggestion?: string])[]>
> = {
  trippin: [
    ['People', "FristName eq 'Scott'", 0, 'FirstName'],
    ['People', "Friends/any(f: f/LastNme eq 'Ketchum')", 17, 'LastName'],
    ['People', 'Concurrency eq true', 0],
    ['People', "AddressInfo/any(a: a/City/Regin eq 'WA')", 26, 'Region'],
    ['Airports', 'Location/Loc eq null', 0],
    ['Airlines', "AirlinCode eq 'AA'", 0, 'AirlineCode'],
  ],
  'northwind-v2': [
    ['Products', 'UnitPrize gt 20M', 0, 'UnitPrice'],
    ['Products', "Categry/CategoryName eq 'Beverages'", 0, 'Category'],
    ['Orders', "Customer/Cty eq 'London'", 9, 'City'],
    ['Orders', "OrderDate eq 'yesterday'", 0],
    ['Customers', "CompnyName eq 'Alfreds'", 0, 'CompanyName'],
  ],
  'northwind-v4': [
    ['Products', 'UnitPrize gt 20', 0, 'UnitPrice'],
    ['Products', "Categry/CategoryName eq 'Beverages'", 0, 'Category'],
    ['Orders', "Customer/Cty eq 'London'", 9, 'City'],
    ['Orders', "OrderDate eq 'yesterday'", 0],
    ['Customers', "CompnyName eq 'Alfreds'", 0, 'CompanyName'],
    ['Employees', "Territories/any(t: t/TerritoryDescripton eq 'x')", 21, 'TerritoryDescription'],
    // `in` came with OData 4.01; the document says 4.0.
    ['Orders', "ShipCountry in ('France', 'Germany')", 0],
  ],
  'gwsample-basic-v2': [
    ['BusinessPartnerSet', "CompanyNam eq 'SAP'", 0, 'CompanyName'],
    ['BusinessPartnerSet', "WebAddress eq 'https://sap.com'", 0],
    ['ProductSet', "Name eq 'Notebook Basic 15'", 0],
    ['ProductSet', "Categori eq 'Notebooks'", 0, 'Category'],
    ['SalesOrderSet', "Note eq 'urgent'", 0],
  ],
  'graph-v1.0': [
    ['users', "displayNam eq 'A'", 0, 'displayName'],
    ['users', "accountEnabled eq 'yes'", 0],
    ['users', 'assignedLicenses/any(l: l/skuID eq null)', 26, 'skuId'],
    ['users', "mannager/id eq 'x'", 0, 'manager'],
    ['groups', "groupType/any(t: t eq 'Unified')", 0, 'groupTypes'],
  ],
  'hardcoded-test-model': [
    ['People', "MyDog/Colr eq 'brown'", 6, 'Color'],
    ['People', "MyAdress/City eq 'Redmond'", 0, 'MyAddress'],
    ['People', "MyPaintings/any(p: p/Artst eq 'Vermeer')", 21, 'Artist'],
    ['People', "MyAddress/Fully.Qualified.Namespace.HomeAddress/HomeNo eq 'dva'", 48, 'HomeNO'],
    ['People', "Name/any(a: a eq 'Bob')", 0],
    ['People', 'day(1) eq 20', 4],
    ['Pet2Set', "PetColorPatern has Fully.Qualified.Namespace.ColorPattern'Red'", 0, 'PetColorPattern'],
    ['Pet5Set', 'ID eq 1', 0],
  ],
  'olingo-tecsvc': [
    ['ESTwoKeyNav', 'PropertyComp/PropertyInt64 eq 1', 13, 'PropertyInt16'],
    ['ESTwoKeyNav', "PropertyComp/PropertyInt16 eq '1'", 0],
    ['ESTwoKeyNav', "CollPropertyString eq 'SomeString'", 0],
    ['ESTwoKeyNav', "startswith(CollPropertyString,'wrong')", 11],
    ['ESTwoKeyNav', 'NavPropertyETKeyNavMany/PropertyInt16 gt 42', 24],
    ['ESTwoKeyNav', "NavPropertyETTwoKeyNavOne/PropertyStrin eq ''", 26, 'PropertyString'],
    ['ESKeyNav', "NavPropertyETTwoKeyNavMany/any(d:d/PropertyStrng eq 'SomeString')", 35, 'PropertyString'],
    ['ESAllPrim', 'PropertyDateTimeOfset eq null', 0, 'PropertyDateTimeOffset'],
    ['ESMixEnumDefCollComp', "PropertyEnumString eq olingo.odata.test1.ENString'String4'", 22, 'String1'],
  ],
};

describe.each(REAL_MODELS)('the %s document', (name) => {
  it('imports every entity set and singleton as a view', () => {
    const { model } = importedModel(name);
    const members = [...model.entitySets.keys(), ...model.singletons.keys()];
    expect(members.length).toBeGreaterThan(2);
    for (const member of members) {
      const view = schemaOf(model, member);
      expect(viewSourceOf(view)?.of.name, member).toBe(member);
      // The imported rules of each resource are rules the query layer takes.
      rulesOf(view, importedModel(name).rules[member]);
    }
  });

  it('checks 20 and more filters a client of the service sends, in its OData version', () => {
    const { version } = importedModel(name);
    expect(FILTERS[name].length).toBeGreaterThanOrEqual(20);
    for (const [resource, filter] of FILTERS[name])
      expect(() => check(filter, filterSchema(name, resource), { version }), `${resource}: ${filter}`).not.toThrow();
  });

  it('refuses wrong filters at their position, suggesting the name a misspelling meant', () => {
    const { version } = importedModel(name);
    expect(WRONG[name].length).toBeGreaterThanOrEqual(5);
    for (const [resource, filter, start, suggestion] of WRONG[name]) {
      const error = thrownFilterError(() => check(filter, filterSchema(name, resource), { version }));
      expect(error.issues[0], `${resource}: ${filter}`).toMatchObject({
        start,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
    }
  });

  it('reads back, written as $metadata, as the same model: paths, types, nullability, filterability, enumerations, relations', () => {
    const { model, rules, version } = importedModel(name);
    const text = metadataXml(model, { rules: memberRules(rules), version: version === '4.01' ? '4.01' : '4.0' });
    const back = fromMetadata(text);
    // The writer speaks OData 4, whose only instant is Edm.DateTimeOffset (docs/csdl-writer.md).
    const written = (description: unknown): unknown =>
      version === '2.0' ? asDateTimeOffset(description) : description;
    expect([...back.model.types.keys()].sort()).toEqual([...model.types.keys()].sort());
    for (const [type, declared] of model.types)
      expect(describeType(back.model.types.get(type)!), type).toEqual(written(describeType(declared)));
    for (const [set, declared] of model.entitySets) {
      const read = back.model.entitySets.get(set)!;
      expect(read.entityType.name, set).toBe(declared.entityType.name);
      expect(
        [...read.bindings].map(([path, target]) => [path, target.name]),
        set,
      ).toEqual([...declared.bindings].map(([path, target]) => [path, target.name]));
      expect(describePaths(back.model, set, back.rules[set]), set).toEqual(
        written(describePaths(model, set, rules[set])),
      );
    }
    // A singleton is no collection to filter or order, and its document says neither (docs/csdl-writer.md,
    // "Rules"): its paths are compared without their filterability and sortability.
    const withoutFilterAndSort = (paths: unknown[]): unknown[] => paths.map((path) => (path as unknown[]).slice(0, 4));
    for (const [singleton, declared] of model.singletons) {
      expect(back.model.singletons.get(singleton)?.entityType.name, singleton).toBe(declared.entityType.name);
      expect(withoutFilterAndSort(describePaths(back.model, singleton, back.rules[singleton])), singleton).toEqual(
        written(withoutFilterAndSort(describePaths(model, singleton, rules[singleton]))),
      );
    }
    expect(back.report).toEqual([]);
  });
});
