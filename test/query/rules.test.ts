// A resource's rules per property and its policy's allowed functions and operators
// (docs/query.md, "Rules"), enforced wherever a property, function or operator can appear: in
// lambdas, in `cast` and `isof`, in `x in C`, in `orderby`, in projections and in what a row keeps.

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryPolicy, QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { defineFunctions, defineModel, printTyped, schemaOf } from '../../src/index.js';
import { Contact, Event } from '../../src/examples/events/index.js';
import { thrownFilterError } from '../support/thrown.js';

const policy: QueryPolicy = { spelling: 'odata', defaultTop: 10, maxTop: 100 };
const events: QueryResource = {
  schema: Event,
  key: ['EventID'],
  policy,
  rules: {
    Description: { filter: false, sort: false, select: false },
    'Sessions/Presenter/Email': { filter: false, sort: false },
    'EventTemplate/Code': { sort: false },
    'Sessions/Status': { sort: false },
    Registrations: { filter: false },
  },
};

const codes = (query: string, resource: QueryResource = events) =>
  thrownFilterError(() => parseQuery(query, resource)).issues.map((i) => [i.code, i.option, i.start, i.end]);

describe('rules per property', () => {
  it.each([
    ["$filter=Description eq 'x'", [['not_filterable', '$filter', 0, 11]]],
    ["$filter=contains(tolower(Description), 'x')", [['not_filterable', '$filter', 17, 28]]],
    ["$filter=cast(Description, Edm.String) eq 'x'", [['not_filterable', '$filter', 5, 16]]],
    ['$filter=isof(Description, Edm.String)', [['not_filterable', '$filter', 5, 16]]],
    ["$filter=Sessions/any(s: s/Presenter/Email eq 'a@b')", [['not_filterable', '$filter', 16, 33]]],
    [
      "$filter=Sessions/all(s: s/Status eq 'x' or not (s/Presenter/Email eq null))",
      [['not_filterable', '$filter', 40, 57]],
    ],
    ['$filter=Registrations/any()', [['not_filterable', '$filter', 0, 13]]],
    ['$filter=Registrations/$count gt 2', [['not_filterable', '$filter', 0, 13]]],
    ['$orderby=Description desc', [['not_sortable', '$orderby', 0, 11]]],
    ['$orderby=Code,EventTemplate/Code', [['not_sortable', '$orderby', 5, 23]]],
    ['$select=Code,Description', [['not_selectable', '$select', 5, 16]]],
    ['$orderby=Code, length(Description) desc', [['not_sortable', '$orderby', 13, 24]]],
    // A member read through a lambda's variable is held to the rules by its path from the row.
    ["$orderby=Sessions/any(s: s/Status eq 'x') desc", [['not_sortable', '$orderby', 16, 24]]],
    ["$orderby=Sessions/all(s: s/Presenter/Email ne 'x')", [['not_sortable', '$orderby', 16, 33]]],
    [
      '$orderby=Sessions/any(s: s/EventSessionID eq 1 and Sessions/any(t: t/Status eq s/Status))',
      [
        ['not_sortable', '$orderby', 58, 66],
        ['not_sortable', '$orderby', 70, 78],
      ],
    ],
  ] as const)('refuses %s', (query, expected) => {
    expect(codes(query)).toEqual(expected);
  });

  // A hidden member (filter: false, sort: false, select: false) is never named in a message:
  // no suggestion, no list of properties, whichever option the misspelling is in.
  it.each([
    ["$filter=Descriptio eq 'x'", '$filter'],
    ['$orderby=Descriptio', '$orderby'],
    ['$select=Descriptio', '$select'],
    ["$filter=Sessions/any(s: s/Presenter/Emai eq 'x')", '$filter'],
    ['$orderby=length(Descriptio)', '$orderby'],
    ["$orderby=Sessions/any(s: s/Presenter/Emai eq 'x')", '$orderby'],
    ['$expand=Descriptio', '$expand'],
  ])('names no hidden member when %s is misspelt', (query, option) => {
    const error = thrownFilterError(() => parseQuery(query, events));
    expect(error.issues.map((i) => [i.code, i.option])).toEqual([['unknown_property', option]]);
    expect(error.message).not.toMatch(/Description'|Email'/);
  });

  it('suggests in an expansion only the relations it may expand', () => {
    const hiddenRegistrations: QueryResource = { ...events, rules: { Registrations: { expand: false } } };
    expect(thrownFilterError(() => parseQuery('$expand=Registration', hiddenRegistrations)).message).not.toContain(
      'Registrations',
    );
    expect(thrownFilterError(() => parseQuery('$expand=Registration', events)).message).toContain(
      "did you mean 'Registrations'?",
    );
  });

  it('still suggests what the rules let the option read', () => {
    expect(thrownFilterError(() => parseQuery("$filter=Cod eq 'x'", events)).message).toContain("Did you mean 'Code'?");
    expect(thrownFilterError(() => parseQuery('$orderby=Cod', events)).message).toContain("did you mean 'Code'?");
    expect(thrownFilterError(() => parseQuery('$select=Cod', events)).message).toContain("did you mean 'Code'?");
  });

  it('allows what the rules do not name', () => {
    const plan = parseQuery(
      "$filter=Sessions/any(s: s/Presenter/ContactID eq 4) and Code eq 'a'&$orderby=EventTemplate/EventTemplateID,Code&$select=Code",
      events,
    );
    expect(printTyped(plan.filter!)).toBe(
      "(Sessions/any(s: (s/Presenter/ContactID:Int32 eq 4:Int32)) and (Code:String eq 'a':String))",
    );
    expect(plan.orderBy.map((k) => k.path.join('/'))).toEqual(['EventTemplate/EventTemplateID', 'Code', 'EventID']);
  });

  it('keeps a hidden property out of every row: without a projection, with `*`, and under a structure named whole', () => {
    const row = { EventID: 1, Code: 'A', Description: 'secret', Sessions: [] };
    const visible = (query: string) => applyQuery([row], parseQuery(query, events)).items[0];
    expect(visible('')).toEqual({ EventID: 1, Code: 'A' });
    expect(visible('$select=*')).toEqual({ EventID: 1, Code: 'A' });
    const contacts: QueryResource = {
      schema: Contact,
      key: ['ContactID'],
      policy,
      rules: { 'PostalAddress/City': { select: false } },
    };
    const contact = { ContactID: 7, PostalAddress: { City: 'Wellington', Country: 'NZ' } };
    expect(applyQuery([contact], parseQuery('$select=PostalAddress', contacts)).items[0]).toEqual({
      PostalAddress: { Country: 'NZ' },
    });
    expect(codes('$select=PostalAddress/City', contacts)).toEqual([['not_selectable', '$select', 0, 18]]);
  });

  it('refuses rules the schema cannot hold, as a programmer error', () => {
    expect(() => parseQuery('', { ...events, rules: { Nope: { filter: false } } })).toThrow(
      "Resource Event: `rules` names 'Nope', which is no property path of the schema",
    );
    expect(() => parseQuery('', { ...events, rules: { Code: { fliter: false } as never } })).toThrow(TypeError);
    expect(() => parseQuery('', { ...events, defaultSelect: ['Description'] })).toThrow(/cannot be selected/);
  });
});

describe('allowed functions and operators', () => {
  const strict: QueryResource = {
    ...events,
    rules: undefined,
    policy: { ...policy, functions: ['startswith', 'year'], operators: ['eq', 'and', 'gt', 'any'] },
  };

  it.each([
    ["$filter=contains(Code, 'a')", [['function_not_allowed', '$filter', 0, 19]]],
    ["$filter=Sessions/any(s: contains(s/Status, 'a'))", [['function_not_allowed', '$filter', 16, 39]]],
    ["$filter=cast(EventID, Edm.String) eq '1'", [['function_not_allowed', '$filter', 0, 25]]],
    ['$filter=isof(EventID, Edm.Int64)', [['function_not_allowed', '$filter', 0, 24]]],
    ["$filter=Code eq 'a' or Code eq 'b' or Code eq 'c'", [['operator_not_allowed', '$filter', 0, 41]]],
    ["$filter=Code in ('a', 'b')", [['operator_not_allowed', '$filter', 0, 18]]],
    ["$filter=Sessions/all(s: s/Status eq 'x')", [['operator_not_allowed', '$filter', 0, 32]]],
    [
      '$filter=Sessions/$count ge 1',
      [
        ['operator_not_allowed', '$filter', 0, 20],
        ['operator_not_allowed', '$filter', 0, 15],
      ],
    ],
    ["$filter=not (Code eq 'a')", [['operator_not_allowed', '$filter', 0, 17]]],
    ['$orderby=length(Code) desc', [['function_not_allowed', '$orderby', 0, 12]]],
    [
      '$filter=EventID add 1 gt -EventID',
      [
        ['operator_not_allowed', '$filter', 0, 13],
        ['operator_not_allowed', '$filter', 17, 25],
      ],
    ],
  ] as const)('refuses %s', (query, expected) => {
    expect(codes(query, strict)).toEqual(expected);
  });

  it('allows the listed ones, and names what is allowed', () => {
    expect(
      parseQuery(
        "$filter=startswith(Code, 'a') and year(StartDateTime) gt 2012 and Sessions/any(s: s/Status eq 'x')",
        strict,
      ).filter,
    ).toBeDefined();
    const error = thrownFilterError(() => parseQuery("$filter=contains(Code, 'a') and contains(Code, 'b')", strict));
    expect(error.issues.map((i) => i.message)).toEqual([
      "Option '$filter': function 'contains' is not allowed here (allowed: startswith, year)",
    ]);
  });

  it('finds `x in C` as `in`, though it is checked as a lambda', () => {
    const tags: QueryResource = { ...strict, policy: { ...strict.policy, operators: ['any', 'eq'] } };
    expect(parseQuery("$filter=TimeZone/TzNames/any(t: t eq 'a')", tags).filter).toBeDefined();
    expect(codes("$filter='a' in TimeZone/TzNames", tags)).toEqual([['operator_not_allowed', '$filter', 0, 23]]);
  });

  it('reads a list of names as it is now, in a resource made anew with it', () => {
    const functions = ['startswith', 'contains'];
    const resource = (): QueryResource => ({ ...strict, policy: { ...policy, functions } });
    expect(parseQuery("$filter=contains(Code, 'a')", resource()).filter).toBeDefined();
    functions.pop();
    expect(codes("$filter=contains(Code, 'a')", resource())).toEqual([['function_not_allowed', '$filter', 0, 19]]);
    functions.push('frobnicate');
    expect(() => parseQuery("$filter=Code eq 'a'", resource())).toThrow("names 'frobnicate'");
  });

  it('refuses a policy naming what the language does not have, as a programmer error', () => {
    expect(() =>
      parseQuery("$filter=Code eq 'a'", { ...strict, policy: { ...policy, functions: ['frobnicate'] } }),
    ).toThrow("The policy's functions names 'frobnicate', which the filter language does not have");
    expect(() =>
      parseQuery("$filter=Code eq 'a'", { ...strict, policy: { ...policy, operators: ['xor' as 'eq'] } }),
    ).toThrow(TypeError);
  });
});

describe("the policy's OData version", () => {
  const v4: QueryResource = { ...events, rules: undefined, policy: { ...policy, version: '4.0' } };
  const v3: QueryResource = {
    ...v4,
    policy: { ...policy, version: '3.0' },
    relations: { Sessions: { key: ['EventSessionID'] } },
  };
  const v2: QueryResource = { ...v4, policy: { ...policy, version: '2.0' } };

  it.each([
    // `in` came with 4.01, contains and totaloffsetminutes with 4.0, lambdas with 3.0.
    [v4, "$filter=Code in ('a', 'b')", [['not_in_version', '$filter', 0, 18]]],
    [v3, "$filter=contains(Code, 'a')", [['not_in_version', '$filter', 0, 19]]],
    [v3, '$orderby=length(Code) desc,totaloffsetminutes(StartDateTime)', [['not_in_version', '$orderby', 18, 51]]],
    [v3, "$expand=Sessions($filter=contains(Status, 'a'))", [['not_in_version', '$expand', 17, 38]]],
    [v2, "$filter=Sessions/any(s: s/Status eq 'x')", [['not_in_version', '$filter', 0, 32]]],
  ] as const)('refuses what came later: %#', (resource, query, expected) => {
    expect(codes(query, resource)).toEqual(expected);
  });

  it("accepts the version's own language, and every version's without one", () => {
    expect(
      printTyped(parseQuery("$filter=substringof('a', Code) and Sessions/any(s: s/Status eq 'x')", v3).filter!),
    ).toBe("(substringof('a':String, Code:String):Boolean and Sessions/any(s: (s/Status:String eq 'x':String)))");
    expect(parseQuery("$filter=Code eq 'a' or Code eq 'b'", v4).filter).toBeDefined();
    expect(
      parseQuery("$filter=Code in ('a', 'b') and Sessions/any(s: contains(s/Status, 'x'))", events).filter,
    ).toBeDefined();
  });

  it('refuses a version that is none, as a programmer error', () => {
    expect(() => parseQuery('', { ...events, policy: { ...policy, version: '5.0' as '4.0' } })).toThrow(
      "Resource Event: the policy's version is \"5.0\", not one of '2.0', '3.0', '4.0', '4.01'",
    );
  });
});

describe('a call bound to the resource, under a rule that keeps one of its members from filters', () => {
  const model = defineModel({
    namespace: 'Shop',
    entityTypes: {
      Customer: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false }, Note: 'Edm.String', Secret: 'Edm.String' },
      },
    },
    entitySets: { Customers: { type: 'Customer' } },
    functions: {
      Me: { bound: true, parameters: { customer: 'Customer' }, returnType: 'Customer' },
      MeP: { bound: true, parameters: { customer: 'Customer' }, returnType: 'Edm.String' },
    },
  });
  // Both read the member the rule hides: the answer would tell what the caller may not see.
  const functions = defineFunctions({
    'Shop.Me': { memory: (_a, read) => ({ Id: 0, Note: read!('Secret'), Secret: null }) },
    'Shop.MeP': { memory: (_a, read) => read!('Secret') },
  });
  const customers: QueryResource = {
    schema: schemaOf(model, 'Customers'),
    key: ['Id'],
    policy,
    rules: { Secret: { filter: false } },
  };
  const rows = [
    { Id: 1, Note: 'n1', Secret: 's1' },
    { Id: 2, Note: 'n2', Secret: 's2' },
  ];

  it.each([
    ["$filter=$it/Shop.Me()/Note eq 's1'", [['not_filterable', '$filter', 0, 3]]],
    ["$filter=Shop.Me()/Note eq 's1'", [['not_filterable', '$filter', 0, 7]]],
    ["$filter=$it/Shop.MeP() eq 's1'", [['not_filterable', '$filter', 0, 3]]],
    ["$filter=Shop.MeP() eq 's1'", [['not_filterable', '$filter', 0, 8]]],
  ] as const)('refuses %s, whichever the spelling', (query, expected) => {
    expect(codes(query, customers)).toEqual(expected);
  });

  it('refuses both spellings with the same message, naming the hidden member', () => {
    const messages = ["$filter=$it/Shop.MeP() eq 's1'", "$filter=Shop.MeP() eq 's1'"].map(
      (query) => thrownFilterError(() => parseQuery(query, customers)).issues[0]!.message,
    );
    expect(messages[0]).toContain("could read 'Secret'");
    expect(messages[1]).toBe(messages[0]);
  });

  it('calls it where no rule hides a member, whichever the spelling', () => {
    const open: QueryResource = { ...customers, rules: {} };
    const ids = (query: string) => applyQuery(rows, parseQuery(query, open), { functions }).items.map((row) => row.Id);
    expect(ids("$filter=Shop.Me()/Note eq 's1'")).toEqual([1]);
    expect(ids("$filter=$it/Shop.Me()/Note eq 's2'")).toEqual([2]);
    expect(ids("$filter=Shop.MeP() eq 's2'")).toEqual([2]);
  });
});
