// The query policies of the example event management service's two interfaces (sections 4.1 and
// 4.2 of its interface document; docs/service.md): what a collection request may ask of each.

import type { QueryPolicy } from '../../query/policy.js';

/** The service document's authenticated XML interface: `filter`, `expand` (six levels), `top` (100, at most 250), `skip`. */
export const SERVICE_INTERFACE_A: QueryPolicy = {
  spelling: 'service',
  defaultTop: 100,
  maxTop: 250,
  count: false,
  orderBy: false,
  select: false,
  maxExpandDepth: 6,
};

/**
 * The service document's public JSON interface: `fields` (each resource gives its
 * `defaultSelect`), `top` (20, at most 200), `skip`, `includeTotalCount`; `format`, `callback`,
 * `region` and `categoryIDs` are the server's.
 */
export const SERVICE_INTERFACE_B: QueryPolicy = {
  spelling: 'service',
  defaultTop: 20,
  maxTop: 200,
  filter: false,
  orderBy: false,
  expand: false,
  passThrough: ['format', 'callback', 'region', 'categoryIDs'],
};
