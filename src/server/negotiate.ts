// What a request asks of the response's form (OData 4.01 Protocol, sections 8.2 and 8.3): JSON
// or nothing (406), numbers as strings (`IEEE754Compatible=true`), the protocol version the client
// speaks (`OData-MaxVersion`), and a page size it prefers (`Prefer: odata.maxpagesize=50`).

import type { IncomingRequest } from './exchange.js';

export interface Negotiated {
  /** Int64 and Decimal as strings. */
  readonly ieee754Compatible: boolean;
  /** The version the response says it is: 4.0 to a client that speaks no later one. */
  readonly version: '4.0' | '4.01';
  /** The page size the client prefers, if it says one. */
  readonly maxPageSize: number | undefined;
  /**
   * How much control information the client asks for: `none` leaves out the context URL (OData
   * 4.01 JSON Format, 3.1.3); `full`, which needs links this service does not write, is answered
   * as `minimal`, and its Content-Type says so.
   */
  readonly metadata: 'minimal' | 'none';
}

/**
 * The response's form, or undefined when the client accepts no JSON (a 406) — nor `alsoAnswered`,
 * where the resource is written in that media type too (a `$count` is `text/plain`).
 */
export function negotiate(
  request: IncomingRequest,
  format: string | undefined,
  alsoAnswered?: string,
): Negotiated | undefined {
  const accepted = format === undefined ? request.header('Accept') : formatMediaType(format);
  const ranges = accepted === null ? [] : mediaRanges(accepted);
  const acceptable = (type: string) => {
    const range = rangeFor(ranges, type);
    return range !== undefined && range.parameters.get('q') !== '0';
  };
  const json = rangeFor(ranges, 'application/json');
  if (accepted !== null && !acceptable('application/json') && !(alsoAnswered !== undefined && acceptable(alsoAnswered)))
    return undefined;
  const page = /(?:^|[,;\s])(?:odata\.)?maxpagesize\s*=\s*"?(\d{1,9})"?/i.exec(request.header('Prefer') ?? '');
  return {
    ieee754Compatible: json?.parameters.get('ieee754compatible') === 'true',
    version: versionFor(request),
    maxPageSize: page === null || Number(page[1]) === 0 ? undefined : Number(page[1]),
    metadata:
      (json?.parameters.get('odata.metadata') ?? json?.parameters.get('metadata')) === 'none' ? 'none' : 'minimal',
  };
}

/** The version a response is in: 4.0 to a client whose `OData-MaxVersion` is below 4.01, else 4.01. */
export function versionFor(request: IncomingRequest): '4.0' | '4.01' {
  const maxVersion = request.header('OData-MaxVersion')?.trim();
  return maxVersion === '4.0' || (maxVersion !== undefined && Number(maxVersion) < 4.01) ? '4.0' : '4.01';
}

/** `$format`'s value as a media type: `json` is JSON, a media type is itself. */
function formatMediaType(format: string): string {
  return format.trim().toLowerCase() === 'json' ? 'application/json' : format;
}

export interface MediaRange {
  readonly type: string;
  readonly parameters: ReadonlyMap<string, string>;
}

/**
 * The range that decides whether a media type is acceptable: the most specific one that matches it
 * (RFC 9110, 12.5.1), so `application/json;q=0, *\/*` refuses JSON. Undefined where none matches.
 */
export function rangeFor(ranges: readonly MediaRange[], type: string): MediaRange | undefined {
  const kind = `${type.slice(0, type.indexOf('/'))}/*`;
  return (
    ranges.find((range) => range.type === type) ??
    ranges.find((range) => range.type === kind) ??
    ranges.find((range) => range.type === '*/*')
  );
}

/** An Accept header's ranges, with their parameters (names and values in lower case; a quality of 0 as `0`). */
export function mediaRanges(header: string): MediaRange[] {
  return header
    .split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';').map((p) => p.trim());
      return {
        type: type.toLowerCase(),
        parameters: new Map(
          parameters.map((p) => {
            const eq = p.indexOf('=');
            return [
              p
                .slice(0, eq < 0 ? p.length : eq)
                .trim()
                .toLowerCase(),
              eq < 0
                ? ''
                : p
                    .slice(eq + 1)
                    .trim()
                    .toLowerCase(),
            ];
          }),
        ),
      };
    })
    .filter((range) => range.type !== '')
    .map((range) => {
      const q = range.parameters.get('q');
      if (q === undefined || q === '' || Number(q) !== 0) return range;
      return { ...range, parameters: new Map([...range.parameters, ['q', '0']]) };
    });
}
