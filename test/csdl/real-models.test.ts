// fromMetadata() on the real documents of fixtures/: every entity set and singleton imports (its
// view is a schema), filters a client of each service sends check in the service's OData version,
// and wrong ones fail at their position, with the name a misspelling probably meant.

import { describe, expect, it } from 'vitest';
import { check, type Schema, schemaOf, viewSourceOf } from '../../src/index.js';
import { filterSchemaOf, rulesOf } from '../../src/query/rules.js';
import { thrownFilterError } from '../support/thrown.js';
import { importedModel, REAL_MODELS, type RealModel } from './real-models.js';

/** The schema a filter of a resource is checked against: its view, with the imported rules' `filter: false`. */
function filterSchema(name: RealModel, resource: string): Schema {
  const { model, rules } = importedModel(name);
  const view = schemaOf(model, resource);
  return filterSchemaOf(view, rulesOf(view, rules[resource]));
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
});
