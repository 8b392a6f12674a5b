// What a request accepts: media types from `Accept` (RFC 9110 12.5.1) and codings from
// `Accept-Encoding` (12.5.3), each with its quality; a quality of 0 refuses.

interface Range {
  readonly value: string;
  readonly quality: number;
}

/** The comma-separated ranges of a header, lower-cased, with their `q` (1 when absent; malformed: 0). */
function ranges(header: string): Range[] {
  return header.split(',').flatMap((part) => {
    const [value = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    if (value === '') return [];
    const q = parameters.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q.slice(2)) ? Number(q.slice(2)) : 0;
    return [{ value, quality }];
  });
}

/**
 * Whether an `Accept` header allows the media type: the most specific range that matches it
 * decides (`application/json;q=0` refuses JSON even beside a range of every type). An absent header is `undefined`: the caller
 * decides what that means.
 */
export function accepts(header: string | undefined, type: string): boolean | undefined {
  if (header === undefined) return undefined;
  const [major] = type.split('/');
  let best: { specificity: number; quality: number } | undefined;
  for (const range of ranges(header)) {
    const specificity = range.value === type ? 3 : range.value === `${major}/*` ? 2 : range.value === '*/*' ? 1 : 0;
    if (specificity > 0 && (best === undefined || specificity > best.specificity))
      best = { specificity, quality: range.quality };
  }
  return best !== undefined && best.quality > 0;
}

/** Whether `Accept-Encoding` allows gzip (named, or by `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const all = ranges(header);
  const named = all.find((r) => r.value === 'gzip' || r.value === 'x-gzip');
  if (named !== undefined) return named.quality > 0;
  const any = all.find((r) => r.value === '*');
  return any !== undefined && any.quality > 0;
}
