// The names OData gives things: a simple identifier (a property, a type, an entity set, a member
// of an enumeration) and a qualified name (a namespace, or a type inside one: `Sales.Color`).
// This is the ASCII subset of OData's identifier rule that the grammar reads.

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const QUALIFIED_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const NAMESPACE = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Whether a name is a simple identifier: a letter or `_`, then letters, digits and `_`. */
export const isIdentifier = (name: string): boolean => IDENTIFIER.test(name);

/** Whether a name is qualified: two or more identifiers joined by dots (`Sales.Color`). */
export const isQualifiedName = (name: string): boolean => QUALIFIED_NAME.test(name);

/** Whether a name is a namespace: one or more identifiers joined by dots (`Sales`, `Org.Sales`). */
export const isNamespace = (name: string): boolean => NAMESPACE.test(name);
