// The error for what the MongoDB backend cannot express exactly.

import { FilterError } from '../../errors.js';
import type { Span } from './options.js';

export function cannotCompile(node: Span, what: string): FilterError {
  return new FilterError({ kind: 'unsupported', message: `The MongoDB backend cannot compile ${what}`, start: node.start, end: node.end });
}
