// Errors in OData's JSON format (OData 4.01 JSON format, "Error Response"): a status and
// `{"error":{"code","message","target"?,"details"?}}`. A FilterError is the request's fault: a
// 400, or 501 for what the service does not implement; a data source that stopped a read (its
// time passed, its client went, its database could not be reached) a 503 with Retry-After; anything else is the service's own, a
// 500 that tells nothing of its cause.

import { type FilterError, isFilterError } from '../errors.js';
import { type Answer, answerOf } from './exchange.js';
import { capped, MOST_ISSUES_SHOWN, refusalMessage } from './refusal-message.js';
import { isSourceUnavailable, type UnavailableReason } from './source-unavailable.js';

export interface ODataError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly target?: string;
  readonly details?: readonly { readonly code: string; readonly message: string; readonly target?: string }[];
}

/** The answer to a request that failed, in OData's error format. */
export function errorAnswer(error: ODataError, headers: Record<string, string> = {}): Answer {
  const { status, ...body } = error;
  return answerOf(JSON.stringify({ error: body }), { 'Content-Type': 'application/json', ...headers }, status);
}

/**
 * A FilterError as OData's error: its first issue's code, and with several issues, each of the
 * first MOST_ISSUES_SHOWN a detail naming its option (the message counts the rest).
 */
export function filterErrorOf(error: FilterError): ODataError {
  const issues = error.issues;
  const first = issues[0];
  const optionOf = (issue: unknown): string | undefined => (issue as { option?: string }).option;
  return {
    status: error.kind === 'unsupported' ? 501 : 400,
    code: first?.code ?? error.kind,
    message: refusalMessage(error),
    ...(first !== undefined && optionOf(first) !== undefined ? { target: optionOf(first) } : {}),
    ...(issues.length > 1
      ? {
          details: issues.slice(0, MOST_ISSUES_SHOWN).map((issue) => ({
            code: issue.code,
            message: capped(issue.message),
            ...(optionOf(issue) !== undefined ? { target: optionOf(issue) } : {}),
          })),
        }
      : {}),
  };
}

/** The seconds a 503's Retry-After asks a client to wait. */
export const RETRY_AFTER_S = 1;

/**
 * What a failure is answered with: a FilterError as the request's fault; a read the source stopped
 * as 503 (the origin server is briefly unable to answer: RFC 9110 §15.6.4; a 504 is a gateway's
 * answer about the server behind it), its message naming no statement; anything else as a 500
 * that names nothing.
 */
export function failureOf(error: unknown): ODataError {
  if (isFilterError(error)) return filterErrorOf(error);
  if (isSourceUnavailable(error)) return { status: 503, code: error.reason, message: UNAVAILABLE[error.reason] };
  return { status: 500, code: 'internal', message: 'The service could not answer the request' };
}

const UNAVAILABLE: Record<UnavailableReason, string> = {
  timeout: 'The data source did not answer in time; try again later',
  cancelled: 'The request was abandoned by its client',
  unreachable: 'The data source cannot be reached; try again later',
};

/** The answer to a failure: its error, with Retry-After on a 503. */
export function failureAnswer(error: unknown): Answer {
  const failure = failureOf(error);
  return errorAnswer(failure, failure.status === 503 ? { 'Retry-After': String(RETRY_AFTER_S) } : {});
}
