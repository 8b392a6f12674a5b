// The error for what the MongoDB backend cannot express exactly.

import { FilterError } from '../../errors.js';
import type { TypedExpr } from '../../types/typed.js';

export function cannotCompile(node: TypedExpr, what: string): FilterError {
  return new FilterError({ kind: 'unsupported', message: `The MongoDB backend cannot compile ${what}`, start: node.start, end: node.end });
}
