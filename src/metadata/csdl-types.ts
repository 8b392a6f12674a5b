// How the model's types and facets are spelled in CSDL, for both representations: the qualified
// name of a type, and the facets each representation writes, with the defaults each one leaves
// out (docs/csdl-writer.md, "Types and facets").

import type { EdmType } from '../language/edm.js';
import type { Facets, FunctionValue, StructuralProperty } from '../model/model.js';
import type { CsdlVersion } from './metadata-options.js';

/**
 * The CSDL name of a primitive type. `Edm.DateTime` is OData 2's instant without an offset, which
 * OData 4 does not have: an instant is an `Edm.DateTimeOffset` there, and that is how it is written.
 */
export function edmName(type: EdmType): string {
  return type === 'Edm.DateTime' ? 'Edm.DateTimeOffset' : type;
}

/** The CSDL name of a structural property's or a function value's type (of its elements, for a collection). */
export function typeNameOf(type: StructuralProperty['type'] | FunctionValue['type']): string {
  return typeof type === 'string' ? edmName(type) : type.name;
}

/** The facets as CSDL XML attributes, in their order; values as written. */
export function xmlFacets(facets: Facets, type: EdmType | undefined, version: CsdlVersion): [string, string][] {
  const out: [string, string][] = [];
  // `max` is deprecated in 4.01, whose services must not write it; leaving it out means "any length".
  if (facets.maxLength !== undefined && (facets.maxLength !== 'max' || version === '4.0'))
    out.push(['MaxLength', String(facets.maxLength)]);
  if (facets.precision !== undefined) out.push(['Precision', String(facets.precision)]);
  // In XML a Decimal without Scale has scale 0; a Decimal the model leaves open varies.
  const scale = facets.scale ?? (type === 'Edm.Decimal' ? 'variable' : undefined);
  if (scale !== undefined) out.push(['Scale', String(scale)]);
  return out;
}

/** The facets as CSDL JSON members, without what JSON's defaults already say. */
export function jsonFacets(facets: Facets): { $MaxLength?: number; $Precision?: number; $Scale?: number | string } {
  const out: { $MaxLength?: number; $Precision?: number; $Scale?: number | string } = {};
  // JSON has no `max`: leaving $MaxLength out means "any length".
  if (typeof facets.maxLength === 'number') out.$MaxLength = facets.maxLength;
  if (facets.precision !== undefined) out.$Precision = facets.precision;
  // JSON reads a missing $Scale as `variable`.
  if (facets.scale !== undefined && facets.scale !== 'variable') out.$Scale = facets.scale;
  return out;
}
