// What a person reads of each canonical function: a summary and an example, a filter over the
// service's Event (test/client/editor/function-docs.test.ts checks each). complete() shows them
// beside a function's signatures, hover() the summary, and the function table of docs/language.md
// is held to the summaries. They are kept apart from the signature table (src/language/functions.ts), so that a
// client that only parses and checks filters carries no prose it never shows; the key type makes
// an entry for every function in the table a compile-time requirement.

import type { FunctionName } from '../../language/functions.js';

export interface FunctionDoc {
  /** What the function gives, in a phrase. */
  readonly summary: string;
  /** A filter over the service's Event that calls it. */
  readonly example: string;
}

export const FUNCTION_DOCS: { readonly [N in FunctionName]: FunctionDoc } = {
  substringof: {
    summary: 'true when the first argument occurs in the second (OData v2 argument order)',
    example: "substringof('Conf', Description)",
  },
  contains: {
    summary: 'true when the second argument occurs in the first (OData v4)',
    example: "contains(Description, 'Conf')",
  },
  startswith: { summary: 'true when the first argument starts with the second', example: "startswith(Code, 'EV')" },
  endswith: { summary: 'true when the first argument ends with the second', example: "endswith(LocationName, 'Hall')" },
  length: { summary: 'number of Unicode code points', example: 'length(Code) eq 6' },
  indexof: {
    summary: '0-based code-point position of the second argument in the first, or -1',
    example: "indexof(Code, '-') gt 0",
  },
  replace: {
    summary: 'the first argument with every occurrence of the second replaced by the third',
    example: "replace(Code, '-', '') eq 'EV01'",
  },
  substring: {
    summary: 'code points from a 0-based position, optionally limited to a length',
    example: "substring(Code, 0, 2) eq 'EV'",
  },
  tolower: { summary: 'lower case (Unicode, independent of locale)', example: "tolower(Status) eq 'active'" },
  toupper: { summary: 'upper case (Unicode, independent of locale)', example: "toupper(Status) eq 'ACTIVE'" },
  trim: { summary: 'without leading and trailing spaces', example: "trim(Code) eq 'EV01'" },
  concat: { summary: 'the two strings joined', example: "concat(Code, '-x') eq 'EV01-x'" },
  year: { summary: 'year of the instant (in UTC) or date', example: 'year(StartDateTime) eq 2012' },
  month: { summary: 'month (1–12) of the instant (in UTC) or date', example: 'month(StartDateTime) eq 12' },
  day: { summary: 'day of the month (1–31) of the instant (in UTC) or date', example: 'day(StartDateTime) eq 3' },
  hour: { summary: 'hour (0–23) of the instant (in UTC) or time of day', example: 'hour(StartDateTime) ge 9' },
  minute: { summary: 'minute (0–59) of the instant (in UTC) or time of day', example: 'minute(StartDateTime) eq 30' },
  second: {
    summary: 'whole seconds (0–59) of the instant (in UTC) or time of day',
    example: 'second(StartDateTime) eq 0',
  },
  fractionalseconds: {
    summary: 'the fraction of the second of the instant (in UTC) or time of day, every digit kept',
    example: 'fractionalseconds(StartDateTime) lt 0.5',
  },
  date: { summary: 'the date of the instant, in UTC', example: 'date(StartDateTime) eq 2012-12-03' },
  time: { summary: 'the time of day of the instant, in UTC', example: 'time(StartDateTime) lt 12:00' },
  totaloffsetminutes: {
    summary: 'the offset of the instant from UTC in minutes: 0, as stored instants are read in UTC',
    example: 'totaloffsetminutes(StartDateTime) eq 0',
  },
  totalseconds: {
    summary: 'the length of the duration in seconds',
    example: 'totalseconds(FinishDateTime sub StartDateTime) gt 3600',
  },
  now: {
    summary: 'the instant the filter was compiled (one per compiled filter)',
    example: "StartDateTime ge now() sub duration'P7D'",
  },
  mindatetime: { summary: 'the earliest instant, 0001-01-01T00:00:00Z', example: 'StartDateTime gt mindatetime()' },
  maxdatetime: { summary: 'the latest instant, 9999-12-31T23:59:59.999Z', example: 'FinishDateTime lt maxdatetime()' },
  round: {
    summary: 'nearest integral value, halves away from zero',
    example: 'round(fractionalseconds(StartDateTime)) eq 1',
  },
  floor: {
    summary: 'largest integral value not greater than the argument',
    example: 'floor(totalseconds(FinishDateTime sub StartDateTime) div 3600) ge 2',
  },
  ceiling: {
    summary: 'smallest integral value not less than the argument',
    example: 'ceiling(totalseconds(FinishDateTime sub StartDateTime) div 86400) eq 2',
  },
  datetime: { summary: 'the same instant as an Edm.DateTime', example: 'day(datetime(CreatedDateTime)) eq 1' },
  datetimeoffset: {
    summary: 'the same instant as an Edm.DateTimeOffset',
    example: 'datetimeoffset(CreatedDateTime) gt 2012-01-01T00:00:00Z',
  },
};
