// Arguments of a model's function parameters of enumeration type (docs/semantics.md §15,
// "Arguments"): what the checker takes and refuses, each issue at its place; print's round trip;
// the version a string naming members needs.

import { describe, expect, it } from 'vitest';
import { check, defineModel, parse, print, printTyped, schemaOf } from '../../src/index.js';
import { parameterSchema } from '../support/parameter-table.js';
import { thrownFilterError } from '../support/thrown.js';

/** The issues of a filter: code, the text each covers, and suggestion where there is one. */
function issuesOf(filter: string, options = {}) {
  const error = thrownFilterError(() => check(filter, parameterSchema, options));
  expect(error.kind).toBe('type');
  return error.issues.map((issue) => ({
    code: issue.code,
    at: filter.slice(issue.start, issue.end),
    suggestion: (issue as { suggestion?: string }).suggestion,
  }));
}

describe('an argument of an enumeration parameter', () => {
  it.each([
    // A value of another type: a number, another enumeration's, a string of the row.
    ['Air.Flag(Feature=1) eq 1', 'wrong_argument_type', '1'],
    ['Air.Flag(Feature=Class) eq 1', 'wrong_argument_type', 'Class'],
    ["Air.Flag(Feature=Air.Class'First') eq 1", 'wrong_argument_type', "Air.Class'First'"],
    ['Air.Flag(Feature=Seats) eq 1', 'wrong_argument_type', 'Seats'],
    ['Cabins/any(c: Air.Flag(Feature=c) eq 1)', 'wrong_argument_type', 'c'],
    // A string naming no member, or two of a type that is no flags type.
    ["Air.Flag(Feature='Wify') eq 1", 'unknown_enum_member', "'Wify'"],
    ["Air.Fare(Class='Economy,First') eq 1", 'unknown_enum_member', "'Economy,First'"],
    ["Air.Flag(Feature=Air.Feature'Wify') eq 1", 'unknown_enum_member', "Air.Feature'Wify'"],
  ])('%s: %s at %s', (filter, code, at) => {
    expect(issuesOf(filter).map(({ code, at }) => ({ code, at }))).toEqual([{ code, at }]);
  });

  it("names the parameter's type and the argument's in its message", () => {
    const [wrong] = thrownFilterError(() => check('Air.Flag(Feature=Class) eq 1', parameterSchema)).issues;
    expect(wrong!.message).toBe("Function 'Air.Flag' expects 'Feature' to be Air.Feature, but Class is Air.Class");
    const [number] = thrownFilterError(() => check('Air.Flag(Feature=2) eq 1', parameterSchema)).issues;
    expect(number!.message).toBe("Function 'Air.Flag' expects 'Feature' to be Air.Feature, but 2 is Edm.Int32");
    expect(issuesOf("Air.Flag(Feature='Wify') eq 1")[0]!.suggestion).toBe('Wifi');
  });

  it('is still refused where a primitive value is expected', () => {
    const model = defineModel({
      namespace: 'Ns',
      enumTypes: { E: { members: { A: 1 } } },
      entityTypes: { T: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, E: 'E' } } },
      entitySets: { Ts: { type: 'T' } },
      functions: { F: { parameters: { N: 'Edm.Int32' }, returnType: 'Edm.Int32' } },
    });
    const schema = schemaOf(model, 'Ts');
    expect(thrownFilterError(() => check('Ns.F(N=E) eq 1', schema)).issues.map((i) => i.code)).toEqual(['enum_value']);
  });

  it('is typed as a value of the type: a literal, a string naming members, null', () => {
    const args = (filter: string) => {
      const root = check(filter, parameterSchema).root as { left: { args: readonly unknown[] } };
      return root.left.args.map((a) => {
        const {
          kind,
          type,
          value,
          enum: e,
        } = a as { kind: string; type: string; value?: unknown; enum?: { name: string } };
        return { kind, type, value, enum: e?.name };
      });
    };
    const five = { kind: 'literal', type: 'Edm.Int32', value: 5, enum: 'Air.Feature' };
    expect(args("Air.Flag(Feature=Air.Feature'Wifi,Power') eq 1")).toEqual([five]);
    expect(args("Air.Flag(Feature='Power,Wifi') eq 1")).toEqual([five]);
    expect(args('Air.Flag(Feature=null) eq 1')).toEqual([
      { kind: 'null', type: 'Edm.Int32', value: undefined, enum: 'Air.Feature' },
    ]);
  });

  it.each([
    "Air.Flag(Feature=Air.Feature'Wifi,Power') eq 5",
    "Air.Flag(Feature='Meals') eq 2",
    'Air.Flag(Feature=Features) eq null',
    'Cabins/any(c: Air.Fare(Class=c) eq 20)',
    'Air.Flag(Feature=Air.FeaturesOf()) eq 4',
  ])('prints %s back to a fixed point, from the syntax tree and from the typed tree', (filter) => {
    const printed = print(parse(filter));
    expect(print(parse(printed))).toBe(printed);
    expect(printTyped(check(printed, parameterSchema))).toBe(printTyped(check(filter, parameterSchema)));
  });

  it('is printed from the typed tree as a value of its type', () => {
    expect(printTyped(check("Air.Flag(Feature='Meals,Wifi') eq 3", parameterSchema))).toBe(
      '(Air.Flag(Feature=3:Air.Feature):Int32 eq 3:Int32)',
    );
    expect(printTyped(check('Cabins/any(c: Air.Fare(Class=c) eq 20)', parameterSchema))).toBe(
      'Cabins/any(c: (Air.Fare(Class=c:Air.Class):Int32 eq 20:Int32))',
    );
  });

  it("needs OData 4.01 for a string naming members, 4.0 for the enumeration's literal", () => {
    expect(issuesOf("Air.Flag(Feature='Meals') eq 2", { version: '4.0' })).toEqual([
      { code: 'not_in_version', at: "'Meals'", suggestion: undefined },
    ]);
    expect(() => check("Air.Flag(Feature=Air.Feature'Meals') eq 2", parameterSchema, { version: '4.0' })).not.toThrow();
  });
});

describe('an alias standing for a string read as a member', () => {
  const READ =
    'A string read as a value of another type came with OData 4.01, after 4.0, the version the filter is for';
  const issues40 = (filter: string, aliases: Record<string, string>) =>
    thrownFilterError(() => check(filter, parameterSchema, { aliases, version: '4.0' })).issues.map((issue) => ({
      code: issue.code,
      at: filter.slice(issue.start, issue.end),
      message: issue.message,
    }));

  // OData 4.01 reads a string as an enumeration member; an alias standing for the string is that
  // reading too, and 4.0 has it no more than it has the string written in the filter.
  it.each([
    ['Air.Flag(Feature=@f) eq 1', "'Wifi'"],
    ['Features eq @f', "'Wifi,Power'"],
    ['Features has @f', "'Meals'"],
  ])('%s with @f=%s needs 4.01, as the string in its place does', (filter, value) => {
    expect(issues40(filter, { f: value })).toEqual([{ code: 'not_in_version', at: '@f', message: READ }]);
    expect(() => check(filter, parameterSchema, { aliases: { f: value }, version: '4.01' })).not.toThrow();
  });

  it("is one issue at an alias whose list holds such strings, and none for the type's own literal", () => {
    const list = { l: "('Wifi', Air.Feature'Meals', 'Power')" };
    expect(issues40('Features in @l', list).filter((issue) => issue.message === READ)).toEqual([
      { code: 'not_in_version', at: '@l', message: READ },
    ]);
    for (const [filter, value] of [
      ['Air.Flag(Feature=@f) eq 1', "Air.Feature'Wifi'"],
      ['Features eq @f', 'null'],
    ]) {
      expect(() => check(filter!, parameterSchema, { aliases: { f: value! }, version: '4.0' })).not.toThrow();
    }
  });
});
