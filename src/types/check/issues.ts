// The stable codes of the checker's issues, each with what it means: docs/errors.md documents each,
// and every issue check() reports carries one.

import type { FilterIssue } from '../../errors.js';

/** The stable codes of type issues; docs/errors.md documents each. */
export const ISSUE_CODES = {
  unknown_property: 'a path segment names no property at its level of the schema',
  not_structured: 'a path continues after a primitive property (`Status/Code`)',
  structured_value:
    'a path ends at a complex or navigation property where a primitive value is needed (a structure only compares with null, by `eq` or `ne`)',
  not_filterable: 'the property is marked `filterable: false`',
  collection_path: 'a path continues through a collection without a lambda (`Tags/Length`, `Sessions/Status`)',
  collection_value:
    "a path ends at a collection where a single value is needed (`Tags eq 'red'`); its elements are reached by `any`/`all`, its size by `$count`",
  not_collection: '`any`, `all`, `$count` or `in` is applied to a path that is not a collection',
  unknown_alias: "a parameter alias (`@p`) has no value in check()'s `aliases` option",
  variable_shadows: "a lambda's range variable has the name of a variable of an enclosing lambda",
  type_mismatch: 'the operands of a comparison, or an `in` list item and its operand, are not comparable',
  not_orderable: '`gt`, `ge`, `lt` or `le` of binaries, which OData does not order',
  not_boolean: 'an operand of `and`/`or`/`not`, the body of a lambda, or the whole filter, is not Edm.Boolean',
  not_numeric: 'an operand of arithmetic or of unary `-` is not a number',
  wrong_argument_type:
    "a function argument has a type that no overload accepts at its position, or a model's function's argument does not fit its parameter's type",
  no_matching_overload:
    "each argument fits some overload, but no single overload fits them all; or a model's function is called on a value (or unbound) where no overload is bound to its type",
  unknown_type:
    'the type name of `cast` or `isof` is no type of the language (`Edm.int32`, `Edm.Text`) nor of the model, a type-cast segment names no type of the model, or an enumeration literal names a type the schema does not declare',
  not_derived_type:
    "a type-cast segment, `cast` or `isof` names a type of the model that is not the structure's declared type nor derived from it (`Addresses/Ns.Person`)",
  unknown_enum_member:
    "an enumeration literal or string names no member of the enumeration type (`'Purple'`), or names two members of a type that is not flags",
  enum_value:
    'an enumeration value is used other than in `eq`, `ne`, an order comparison, `in` or `has` with a value of its own type (arithmetic, a function, `cast`)',
  unknown_model_function:
    'a qualified name called as a function (`Ns.Fn(…)`) names no function of the model (docs/semantics.md §15); a short-form schema has none',
  collection_binding:
    'a function bound to no collection is called on one (`Tags/Ns.Fn()`); call it on each element in a lambda',
  unknown_parameter: "an argument's name is no parameter of the function's overloads that fit its binding",
  missing_parameter: 'a call leaves out a parameter of the function: every parameter is given, by name',
  duplicate_parameter: 'a call gives one parameter twice',
  function_result:
    'a path follows a call bound through a type-cast segment (`Ns.Manager/Ns.Fn()/Name`), whose result a filter does not read',
  function_parameter:
    "the function called takes a structure with a collection or navigation member or derived types, or a collection of such structures (other than its binding), which a filter does not give; or a call's result passed as a structure inside another call's result passed so",
  collection_literal: "a collection's value (a JSON array) is given for a parameter that takes no collection",
  structure_literal:
    "a structure's value (a JSON object) stands elsewhere than beside `eq`, `ne` or `in` with a complex value",
  structure_not_comparable:
    "a structure compared with a structure's value is an entity, holds a collection or has derived types",
  missing_member: "a structure's value leaves out a member of its type",
  duplicate_member: "a structure's value names one member twice",
  invalid_cast: '`cast` asks for a conversion OData does not define (`cast(Due, Edm.Int32)`; docs/semantics.md §11)',
} as const;

export type IssueCode = keyof typeof ISSUE_CODES;

/** A type issue. `suggestion` is the did-you-mean name of an `unknown_property` issue. */
export interface CheckIssue extends FilterIssue {
  readonly code: IssueCode;
  readonly suggestion?: string;
}
