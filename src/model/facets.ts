// The facets of a primitive value (CSDL's MaxLength, Precision and Scale), checked against the
// type they refine. They are recorded for the service's metadata; the filter language and the
// backends read values whatever their facets say.

import type { EdmType } from '../language/edm.js';
import type { Facets } from './model.js';

const PRECISE_TIME: ReadonlySet<EdmType> = new Set([
  'Edm.DateTime',
  'Edm.DateTimeOffset',
  'Edm.TimeOfDay',
  'Edm.Duration',
]);

/** The facets written in `spec`, each checked against `type`; `fail` throws the caller's error. */
export function resolveFacets(
  spec: { readonly maxLength?: unknown; readonly precision?: unknown; readonly scale?: unknown },
  type: EdmType,
  fail: (problem: string) => never,
): Facets {
  const facets: { maxLength?: number | 'max'; precision?: number; scale?: number | 'variable' | 'floating' } = {};
  if (spec.maxLength !== undefined) {
    if (type !== 'Edm.String' && type !== 'Edm.Binary')
      fail(`\`maxLength\` is a facet of Edm.String and Edm.Binary, not of ${type}`);
    if (spec.maxLength !== 'max' && !isCount(spec.maxLength, 1)) fail("`maxLength` is a positive integer or 'max'");
    facets.maxLength = spec.maxLength as number | 'max';
  }
  if (spec.precision !== undefined) {
    if (type === 'Edm.Decimal') {
      if (!isCount(spec.precision, 1)) fail('`precision` of a Decimal is a positive integer: its count of digits');
    } else if (PRECISE_TIME.has(type)) {
      if (!isCount(spec.precision, 0) || (spec.precision as number) > 12)
        fail(`\`precision\` of ${type} is its count of fractional seconds digits, 0 to 12`);
    } else fail(`\`precision\` is a facet of Edm.Decimal and of times, not of ${type}`);
    facets.precision = spec.precision as number;
  }
  if (spec.scale !== undefined) {
    if (type !== 'Edm.Decimal') fail(`\`scale\` is a facet of Edm.Decimal, not of ${type}`);
    const scale = spec.scale;
    if (scale !== 'variable' && scale !== 'floating' && !isCount(scale, 0))
      fail("`scale` is a count of digits after the point, 'variable' or 'floating'");
    if (typeof scale === 'number' && facets.precision !== undefined && scale > facets.precision)
      fail(`\`scale\` ${scale} is more than the precision ${facets.precision}`);
    facets.scale = scale as number | 'variable' | 'floating';
  }
  return facets;
}

function isCount(value: unknown, least: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= least;
}
