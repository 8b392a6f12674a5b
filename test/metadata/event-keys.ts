// Keys for the entity types modelOf() makes for the example service's schemas, which have none.

import { expect } from 'vitest';
import type { EntityType, Model } from '../../src/index.js';
import type { MetadataOptions } from '../../src/metadata/index.js';

/**
 * Keys for the entity types modelOf() makes, which have none: the example service gives every
 * resource, and every resource a relation reaches, one non-null Edm.Int32 property named …ID.
 */
export function eventKeys(model: Model): NonNullable<MetadataOptions['keys']> {
  const keys: Record<string, string[]> = {};
  for (const type of model.types.values()) {
    if (type.kind !== 'entity') continue;
    const ids = [...(type as EntityType).properties.values()].filter(
      (p) => p.kind === 'property' && p.type === 'Edm.Int32' && !p.nullable && p.name.endsWith('ID'),
    );
    expect(ids, type.name).toHaveLength(1);
    keys[type.name] = [ids[0]!.name];
  }
  return keys;
}
