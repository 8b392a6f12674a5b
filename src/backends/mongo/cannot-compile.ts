// The error for what the MongoDB backend cannot express exactly: an 'unsupported' FilterError
// naming the construct and this backend in its fields.

import { unsupported, type FilterError } from '../../errors.js';

/** Where in the filter a node stands, for an error about it. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The `target` of this backend's 'unsupported' errors. */
export const MONGODB = 'mongodb';

/** `construct` is a stable name (`decimal_literal`, `field_mapping`, `option`, a function's name); `what` ends the message. */
export function cannotCompile(node: Span, construct: string, what: string): FilterError {
  return unsupported({
    construct,
    target: MONGODB,
    message: `The MongoDB backend cannot compile ${what}`,
    start: node.start,
    end: node.end,
  });
}
