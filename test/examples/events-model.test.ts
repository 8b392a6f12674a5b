// The example service's model and its schemas: each schema of the authenticated interface is a
// part of its entity set's view of the model — every path it has, the model has, with the same
// type, nullability, filterability and kind (value or relation) — so the model is the one source
// of what the resources are and the schemas the surfaces cut from it.

import { describe, expect, it } from 'vitest';
import { AUTHENTICATED_SCHEMAS, eventsModel } from '../../src/examples/events/index.js';
import { type Property, type Schema, schemaOf } from '../../src/index.js';

/** Every difference between a schema's properties and the model's at the same paths. */
function differences(part: ReadonlyMap<string, Property>, whole: ReadonlyMap<string, Property>, at: string): string[] {
  return [...part.values()].flatMap((property) => {
    const path = `${at}${property.name}`;
    const model = whole.get(property.name);
    if (model === undefined) return [`${path}: not in the model`];
    const shape = (p: Property) => ({
      kind: p.kind,
      relation: p.kind === 'primitive' ? false : p.relation,
      filterable: p.filterable,
      ...(p.kind === 'collection' ? {} : { nullable: p.nullable }),
      ...(p.kind === 'primitive' ? { type: p.type, enum: p.enum?.name } : {}),
    });
    if (JSON.stringify(shape(property)) !== JSON.stringify(shape(model)))
      return [
        `${path}: ${JSON.stringify(shape(property))} in the schema, ${JSON.stringify(shape(model))} in the model`,
      ];
    const inner = (p: Property) => (p.kind === 'collection' ? p.element : p);
    const [a, b] = [inner(property), inner(model)];
    if (a.kind !== b.kind) return [`${path}: elements differ`];
    if (a.kind === 'primitive' && b.kind === 'primitive')
      return a.type === b.type && a.nullable === b.nullable ? [] : [`${path}: elements differ`];
    if (a.kind === 'structured' && b.kind === 'structured') return differences(a.properties, b.properties, `${path}/`);
    return [];
  });
}

function entitySetOf(schema: Schema): string {
  const set = [...eventsModel.entitySets.values()].find((s) => s.entityType.name === `Events.${schema.name}`);
  if (set === undefined) throw new Error(`no entity set holds ${schema.name}`);
  return set.name;
}

describe("the example service's model", () => {
  it.each(AUTHENTICATED_SCHEMAS.map((s) => [s.name, s] as const))(
    'has the %s schema as a part of its view',
    (_, schema) => {
      const view = schemaOf(eventsModel, entitySetOf(schema));
      expect(differences(schema.properties, view.properties, '')).toEqual([]);
      // The schema keeps every property of the resource itself; it cuts only under relations.
      expect([...schema.properties.keys()].sort()).toEqual([...view.properties.keys()].sort());
    },
  );

  it('goes round where the document links both ways: a registration of an event of a registration', () => {
    const registrations = schemaOf(eventsModel, 'Registrations');
    const event = registrations.properties.get('Event');
    const back = event?.kind === 'structured' ? event.properties.get('Registrations') : undefined;
    expect(back?.kind === 'collection' && back.element.kind === 'structured' && back.element.properties).toBe(
      registrations.properties,
    );
  });

  it('finds what a schema has that the model lacks', () => {
    const view = schemaOf(eventsModel, 'Contacts');
    const wrong = new Map(view.properties);
    wrong.set('Email', { kind: 'primitive', name: 'Email', type: 'Edm.Int32', nullable: true, filterable: true });
    expect(differences(wrong, view.properties, '')).toEqual([
      'Email: {"kind":"primitive","relation":false,"filterable":true,"nullable":true,"type":"Edm.Int32"} in the schema, {"kind":"primitive","relation":false,"filterable":true,"nullable":true,"type":"Edm.String"} in the model',
    ]);
  });
});
