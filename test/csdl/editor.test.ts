// The editor kit against a service's own `$metadata` (docs/metadata.md, "In an editor"): the
// entity set's schema from the imported model, and the service's version, are all complete() and
// diagnose() need — properties, enumeration members and lambdas of TripPin's People offered, a
// misspelt name diagnosed with the name it meant.

import { describe, expect, it } from 'vitest';
import { complete, diagnose } from '../../src/client/index.js';
import { schemaOf } from '../../src/index.js';
import { filterSchemaFor } from '../../src/csdl/index.js';
import { importedModel } from './real-models.js';

const { model, version } = importedModel('trippin');
const people = schemaOf(model, 'People');
const labels = (text: string): string[] => complete(text, text.length, people, { version }).items.map((i) => i.label);

describe("the editor kit on a service's $metadata", () => {
  it('offers the entity set’s properties, its collections’ lambdas and its enumeration’s members', () => {
    expect(labels("FirstName eq 'Scott' and ")).toEqual(
      expect.arrayContaining(['UserName', 'FirstName', 'LastName', 'Emails', 'AddressInfo', 'Gender', 'Concurrency']),
    );
    expect(labels('Emails/')).toEqual(['any', 'all', '$count']);
    expect(labels('Gender eq ')).toEqual(
      expect.arrayContaining(["Microsoft.OData.SampleService.Models.TripPin.PersonGender'Male'", 'null']),
    );
    expect(labels('AddressInfo/any(a: a/City/')).toEqual(expect.arrayContaining(['Name', 'CountryRegion', 'Region']));
  });

  it('diagnoses a misspelt property with the name the model has', () => {
    const [problem] = diagnose("FirstNme eq 'Scott'", people, { version });
    expect(problem).toMatchObject({ code: 'unknown_property', start: 0, end: 8 });
    expect(problem!.message).toContain("'FirstName'");
    expect(
      diagnose(
        "FirstName eq 'Scott' and Gender eq Microsoft.OData.SampleService.Models.TripPin.PersonGender'Female'",
        people,
        { version },
      ),
    ).toEqual([]);
  });
});

describe("the editor kit under a service's restrictions (filterSchemaFor)", () => {
  // SAP's sample marks a product's Name and Description `sap:filterable="false"`.
  const imported = importedModel('gwsample-basic-v2');
  const products = filterSchemaFor(imported, 'ProductSet');
  const options = { version: imported.version };

  it('offers no property the service keeps from filters, and diagnoses one named', () => {
    const offered = complete("Category eq 'x' and ", 20, products, options).items.map((i) => i.label);
    expect(offered).toEqual(expect.arrayContaining(['Category', 'ProductID', 'Price']));
    expect(offered).not.toContain('Name');
    expect(offered).not.toContain('Description');
    // The model's own view, without the rules, offers them: the rules are what keeps them out.
    const unrestricted = complete("Category eq 'x' and ", 20, schemaOf(imported.model, 'ProductSet'), options);
    expect(unrestricted.items.map((i) => i.label)).toContain('Name');
    expect(diagnose("Name eq 'Notebook'", products, options)).toMatchObject([
      { code: 'not_filterable', start: 0, end: 4 },
    ]);
    expect(diagnose("Category eq 'Notebooks'", products, options)).toEqual([]);
  });

  it('names the entity set it cannot find, with the one meant', () => {
    expect(() => filterSchemaFor(imported, 'ProductSets')).toThrow(/did you mean 'ProductSet'/);
  });
});
