// A path of property names from a structured type of a model (`Owner/Address/City`), resolved
// step by step: through complex properties and, where the caller allows, navigation properties.

import type { ModelProperty, StructuredType } from '../model/model.js';
import { isStructuredType } from '../model/model.js';

/** A step of a resolved path: the type the name was looked up on, and the property found. */
export interface PathStep {
  readonly on: StructuredType;
  readonly property: ModelProperty;
}

/**
 * The steps of `segments` from `type`, or undefined where a name is missing or a step cannot be
 * gone through: a primitive value, or a navigation property unless `throughNavigation`.
 */
export function resolvePath(
  type: StructuredType,
  segments: readonly string[],
  throughNavigation: boolean,
): PathStep[] | undefined {
  const steps: PathStep[] = [];
  let on: StructuredType | undefined = type;
  for (const segment of segments) {
    if (on === undefined) return undefined;
    const property = on.properties.get(segment);
    if (property === undefined) return undefined;
    steps.push({ on, property });
    on = typeBehind(property, throughNavigation);
  }
  return steps;
}

/** The structured type a step leads into, if the path may go on through it. */
function typeBehind(property: ModelProperty, throughNavigation: boolean): StructuredType | undefined {
  if (property.kind === 'navigation') return throughNavigation ? property.target : undefined;
  return isStructuredType(property.type) ? property.type : undefined;
}
