// The rules each entity set or singleton is read under, checked against its view the way the
// query layer checks them (a path its schema lacks is a TypeError), and the properties they hide.

import type { EntitySet, Model, ModelProperty, Singleton } from '../model/model.js';
import { schemaOf } from '../model/model-view.js';
import type { PropertyRules, Rules } from '../query/rules.js';
import { rulesOf } from '../query/rules.js';
import { resolvePath } from './model-path.js';

export type ContainerMember = EntitySet | Singleton;

/** The checked rules of each entity set or singleton that has some. */
export function memberRulesOf(
  model: Model,
  rules: { readonly [entitySetOrSingleton: string]: PropertyRules } | undefined,
): ReadonlyMap<ContainerMember, Rules> {
  const checked = new Map<ContainerMember, Rules>();
  for (const [name, memberRules] of Object.entries(rules ?? {})) {
    // schemaOf refuses a name the container lacks, suggesting the one meant.
    const view = schemaOf(model, name);
    const member = (model.entitySets.get(name) ?? model.singletons.get(name))!;
    checked.set(member, rulesOf(view, memberRules));
  }
  return checked;
}

/**
 * The properties some entity set or singleton hides (`select: false`). Types are shared between
 * entity sets, so a hidden property is left out of the type that declares it, for every entity
 * set: a document names no property that any rule it is written with hides.
 */
export function hiddenProperties(memberRules: ReadonlyMap<ContainerMember, Rules>): ReadonlySet<ModelProperty> {
  const hidden = new Set<ModelProperty>();
  for (const [member, rules] of memberRules)
    for (const path of rules.forbidden('select')) {
      // rulesOf checked the path against the member's view, which has the model's properties.
      const steps = resolvePath(member.entityType, path.split('/'), true)!;
      hidden.add(steps[steps.length - 1]!.property);
    }
  return hidden;
}
