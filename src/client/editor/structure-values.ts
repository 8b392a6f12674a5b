// The structures a filter gives a model's functions whole, as hover() names them (docs/semantics.md
// §15): a structure argument is laid out as slots (src/types/argument-slots.ts), its presence and
// then each member, and where it is a path, a call's result or null, every slot stands at the
// value's whole text. The presence slot stands for the structure; a null collection of structures
// is a null of the first slot's type. Neither says the structure's type by itself.

import { argumentsOf, type ArgumentOf, structuresOf } from '../../types/argument-slots.js';
import type { DeclaredParameter, Property, StructureType } from '../../types/schema.js';
import { childrenOfTyped, type TypedCallOf, type TypedExpr } from '../../types/typed.js';

/** Each node under `roots` that stands for a whole structure given to a function, with what to call its type. */
export function structureValues(roots: readonly TypedExpr[]): Map<TypedExpr, string> {
  const named = new Map<TypedExpr, string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOfTyped(node));
    if (node.kind === 'functionCall') nameArguments(node, named);
    else if (node.kind === 'result') nameArguments(node.call, named);
  }
  return named;
}

function nameArguments(call: TypedCallOf, named: Map<TypedExpr, string>): void {
  const { parameters } = call.function;
  argumentsOf(call.function, call.args).forEach((argument, i) => {
    const parameter: DeclaredParameter = parameters[i]!;
    if (parameter.kind !== 'structure') return;
    const { name, properties } = parameter.type;
    if (!parameter.collection) nameStructure(argument, name, properties, named);
    else if ('value' in argument) {
      const given = argument.value;
      if (given.kind === 'null') named.set(given, `Collection(${name})`);
      // A JSON array's elements; a path's slots are read from its elements, whose collection is the node itself.
      else if (given.kind === 'collectionArgument' && !('kind' in given.elements))
        for (const element of structuresOf(parameter.type, given.elements))
          nameStructure(element, name, properties, named);
    }
  });
}

function nameStructure(
  argument: ArgumentOf<TypedExpr>,
  name: string,
  properties: StructureType['properties'],
  named: Map<TypedExpr, string>,
  outer?: TypedExpr,
): void {
  if (!('present' in argument)) return;
  const { present } = argument;
  // A complex member read from a path, a result or null stands at the whole value's text: the
  // value is what is there, not its member.
  if (outer !== undefined && present.start === outer.start && present.end === outer.end) return;
  named.set(present, name);
  for (const [member, inner] of argument.members) {
    const property: Property | undefined = properties.get(member);
    if (property?.kind === 'structured')
      nameStructure(inner, property.type?.name ?? member, property.properties, named, present);
  }
}
