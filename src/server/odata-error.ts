// Errors in OData's JSON format (OData 4.01 JSON format, "Error Response"): a status and
// `{"error":{"code","message","target"?,"details"?}}`. A FilterError is the request's fault: a
// 400, or 501 for what the service does not implement; anything else is the service's own, a
// 500 that tells nothing of its cause.

import { type FilterError, isFilterError } from '../errors.js';

export interface ODataError {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly target?: string;
  readonly details?: readonly { readonly code: string; readonly message: string; readonly target?: string }[];
}

/** The response to a request that failed, in OData's error format. */
export function errorResponse(error: ODataError, headers: Record<string, string> = {}): Response {
  const { status, ...body } = error;
  return new Response(JSON.stringify({ error: body }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A FilterError as OData's error: its first issue's code, each issue a detail naming its option. */
export function filterErrorOf(error: FilterError): ODataError {
  const issues = error.issues;
  const first = issues[0];
  const optionOf = (issue: unknown): string | undefined => (issue as { option?: string }).option;
  return {
    status: error.kind === 'unsupported' ? 501 : 400,
    code: first?.code ?? error.kind,
    message: error.message,
    ...(first !== undefined && optionOf(first) !== undefined ? { target: optionOf(first) } : {}),
    ...(issues.length > 1
      ? {
          details: issues.map((issue) => ({
            code: issue.code,
            message: issue.message,
            ...(optionOf(issue) !== undefined ? { target: optionOf(issue) } : {}),
          })),
        }
      : {}),
  };
}

/** What a failure is answered with: a FilterError as the request's fault, anything else as a 500 that names nothing. */
export function failureOf(error: unknown): ODataError {
  if (isFilterError(error)) return filterErrorOf(error);
  return { status: 500, code: 'internal', message: 'The service could not answer the request' };
}
