// `cast(x, T)` as an aggregation expression (docs/semantics.md §11).

import type { LoweredCast } from '../../lower/lowered.js';
import { cannotCompile } from './cannot-compile.js';
import type { Agg } from './aggregation.js';

export function castValue(_compiler: unknown, node: LoweredCast, _operand: Agg): Agg {
  throw cannotCompile(node, `cast(${node.operand.type}, ${node.type})`, `cast(${node.operand.type}, ${node.type})`);
}
