// The message of a refused request, capped: a request can hold thousands of faults (10,000
// unknown options), and an answer names the first few and counts the rest rather than growing
// with the request (a FilterError's own message lists every issue).

import type { FilterError } from '../errors.js';

/** The most issues an error body names. */
export const MOST_ISSUES_SHOWN = 10;
/** The most characters of one issue's message, when there are several (a message may quote a long value). */
const MOST_ISSUE_CHARACTERS = 500;

/** One issue's message, cut at MOST_ISSUE_CHARACTERS. */
export const capped = (message: string): string =>
  message.length <= MOST_ISSUE_CHARACTERS ? message : `${message.slice(0, MOST_ISSUE_CHARACTERS)}…`;

/** The error's message (cut as one issue's is), or with many issues, the first MOST_ISSUES_SHOWN and how many more there are. */
export function refusalMessage(error: FilterError): string {
  const { issues } = error;
  if (issues.length <= 1) return capped(error.message);
  const shown = issues.slice(0, MOST_ISSUES_SHOWN).map((issue) => capped(issue.message));
  const more = issues.length - shown.length;
  return `${issues.length} problems: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
