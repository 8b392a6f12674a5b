// How a call's arguments are laid out in its `args` (docs/semantics.md §15): a primitive parameter
// takes one value, a structure parameter one slot for whether the structure is present and then one
// per member, a complex member's own slots in turn; a collection parameter one collectionArgument,
// whose structures, of a collection of them, are laid out so in turn. Every reader of `args`
// (lowering, the query layer's restrictions, string cost) sees plain values; the backends that pass
// a structure whole read the slots back as an object of its members.

import type { DeclaredFunction, PrimitiveProperty, Property, StructuredProperty, StructureType } from './schema.js';

/** A parameter's argument read from its slots: a value, or a structure's presence and its members'. */
export type ArgumentOf<T> =
  | { readonly value: T }
  | { readonly present: T; readonly members: readonly (readonly [string, ArgumentOf<T>])[] };

/**
 * The members a structure argument holds, in its type's order: primitive members and complex ones
 * (with theirs). A parameter type with a collection or a relation among its members is refused by
 * check(), so none is here.
 */
export function argumentMembers(
  properties: ReadonlyMap<string, Property>,
): readonly (PrimitiveProperty | StructuredProperty)[] {
  return [...properties.values()].filter((p) => p.kind !== 'collection');
}

/** A structure's argument read from slots, each taken by `take` in turn. */
function structureOf<T>(properties: ReadonlyMap<string, Property>, take: () => T): ArgumentOf<T> {
  return {
    present: take(),
    members: argumentMembers(properties).map(
      (p) => [p.name, p.kind === 'structured' ? structureOf(p.properties, take) : { value: take() }] as const,
    ),
  };
}

/** The arguments of a call, one per parameter of `fn`, read from the slots of `args`. */
export function argumentsOf<T>(fn: DeclaredFunction, args: readonly T[]): ArgumentOf<T>[] {
  let next = 0;
  const take = (): T => args[next++]!;
  const read = fn.parameters.map((p) =>
    p.kind === 'structure' && !p.collection ? structureOf(p.type.properties, take) : { value: take() },
  );
  // A tree built by hand with other slots than the parameters lay out is no call's.
  if (next !== args.length) throw new RangeError(`${fn.name}: ${args.length} argument slots`);
  return read;
}

/**
 * The structures a collection argument of `type` holds, read from its slots: one after another
 * for a JSON array's values, or the one a path's slots read of each element.
 */
export function structuresOf<T>(type: StructureType, slots: readonly T[]): ArgumentOf<T>[] {
  let next = 0;
  const take = (): T => slots[next++]!;
  const read: ArgumentOf<T>[] = [];
  while (next < slots.length) read.push(structureOf(type.properties, take));
  // A tree built by hand whose slots are no whole number of structures is no argument's.
  if (next !== slots.length) throw new RangeError(`${type.name}: ${slots.length} element slots`);
  return read;
}
