// Random rules on a model's entity sets, chosen by index: for `filter`, `sort` or `select` a
// primitive path of the set's view (never a key part named `Id`), for `expand` a relation.

import { listPropertyPaths, type Model, schemaOf } from '../../src/index.js';

export interface RuleChoice {
  readonly set: number;
  readonly path: number;
  readonly rule: 'filter' | 'sort' | 'select' | 'expand';
}

/** The rules the choices make, by entity set name. */
export function rulesOfChoices(
  model: Model,
  choices: readonly RuleChoice[],
): Record<string, Record<string, Record<string, boolean>>> {
  const names = [...model.entitySets.keys()];
  const rules: Record<string, Record<string, Record<string, boolean>>> = {};
  for (const { set, path, rule } of choices) {
    const name = names[set % names.length]!;
    const view = schemaOf(model, name);
    const paths =
      rule === 'expand'
        ? [...view.properties.values()].filter((p) => p.kind !== 'primitive' && p.relation).map((p) => p.name)
        : listPropertyPaths(view)
            .map((p) => p.path.join('/'))
            .filter((p) => !/(^|\/)Id$/.test(p));
    if (paths.length === 0) continue;
    ((rules[name] ??= {})[paths[path % paths.length]!] ??= {})[rule] = false;
  }
  return rules;
}
