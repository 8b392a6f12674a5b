// Calls of a model's functions in the in-memory reference (docs/semantics.md §15): the server's
// `memory` implementation, given each argument in the representation the typed tree gives
// literals (docs/schemas.md, "Functions"), and a reader of a bound structure's members; its result
// checked to be a value of the function's type and read back into the compiler's representation.

import type { Decimal } from 'decimal.js';
import type { EdmType } from '../../language/edm.js';
import { implementationOf } from '../../lower/function-registry.js';
import type { LoweredFunctionCall, LoweredMember, LoweredValue } from '../../lower/lowered.js';
import { INTEGER_RANGES } from '../../language/edm.js';
import { isFineTime } from '../../semantics/fine-time.js';
import { decimalFromText } from '../../semantics/decimal-model.js';
import type { Eval, Scope } from './closure-scope.js';
import { member } from './closure-reads.js';
import { reprOf, type Repr } from './plan.js';

/**
 * A call as a closure: the arguments read, the implementation called (null arguments too), its
 * result read back. `value` compiles an operand of the call.
 */
export function functionCall(
  node: LoweredFunctionCall,
  scope: Scope,
  value: (node: LoweredValue, scope: Scope) => Eval,
): Eval {
  const fn = node.function;
  const implementation = implementationOf<unknown>(scope.functions, fn.name, 'memory', node);
  const names = fn.parameters.map((p) => p.name);
  const args = node.args.map((arg) => publicReader(value(arg, scope), arg));
  const binding = node.binding;
  if (binding !== undefined && binding.kind !== 'structure') {
    names.unshift(fn.binding!.name);
    args.unshift(publicReader(value(binding, scope), binding));
  }
  const structure = binding?.kind === 'structure' ? binding : undefined;
  const back = resultReader(fn.name, node.type, reprOf(node));
  return (row, env) => {
    const given: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i++) given[names[i]!] = args[i]!(row, env);
    let reader: ((path: string) => unknown) | undefined;
    if (structure !== undefined) {
      const reads = new Map<string, Eval>();
      reader = (path) => {
        let read = reads.get(path);
        if (read === undefined) {
          const property = typeof path === 'string' ? structure.members.get(path) : undefined;
          if (property === undefined)
            throw new TypeError(
              `Function '${fn.name}' reads '${String(path)}', which is no primitive member of its binding: ${[...structure.members.keys()].join(', ')}`,
            );
          const read_: LoweredMember = {
            kind: 'member',
            source: structure.source,
            path: [...structure.path, ...path.split('/')],
            property,
            type: property.type,
            nullable: true,
            nullDecidedBy: undefined,
            range: undefined,
            start: node.start,
            end: node.end,
          };
          read = publicReader(member(read_, scope), read_);
          reads.set(path, read);
        }
        return read(row, env);
      };
    }
    return back(implementation(given, reader));
  };
}

/** An operand's value as an implementation takes it (the typed tree's literal representation). */
function publicReader(read: Eval, node: LoweredValue): Eval {
  const repr = reprOf(node);
  const toPublic = PUBLIC[repr](node.type);
  if (toPublic === undefined) return read;
  return (row, env) => {
    const v = read(row, env);
    return v === null ? null : toPublic(v);
  };
}

const PUBLIC: { readonly [R in Repr]: (type: EdmType) => ((v: unknown) => unknown) | undefined } = {
  str: () => undefined,
  bool: () => undefined,
  dbl: () => undefined,
  ms: () => undefined,
  num: (type) => (type === 'Edm.Int64' ? (v) => BigInt(v as number) : undefined),
  big: (type) => (type === 'Edm.Int64' ? undefined : (v) => Number(v)),
  dec: () => (v) => (v as Decimal).toFixed(),
};

/**
 * A result read back into `repr`, once it is found to be a value of `type` (or null): a result of
 * another kind is the implementation's fault, a TypeError naming the function.
 */
function resultReader(name: string, type: EdmType, repr: Repr): (v: unknown) => unknown {
  const wrong = (v: unknown): never => {
    throw new TypeError(`Function '${name}' returned ${describe(v)}, which is no ${type} value`);
  };
  return (v) => {
    if (v === null || v === undefined) return null;
    switch (repr) {
      case 'str':
        return typeof v === 'string' ? v : wrong(v);
      case 'bool':
        return typeof v === 'boolean' ? v : wrong(v);
      case 'dbl':
        return typeof v === 'number' ? v : wrong(v);
      case 'ms':
        return (typeof v === 'number' && Number.isInteger(v)) || isFineTime(v) ? v : wrong(v);
      case 'num':
      case 'big': {
        if (type === 'Edm.Date') return Number.isSafeInteger(v) ? v : wrong(v);
        const [min, max] = INTEGER_RANGES[type as keyof typeof INTEGER_RANGES] ?? [];
        const n = typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : undefined;
        if (n === undefined || min === undefined || n < min || n > max!) return wrong(v);
        return repr === 'big' ? n : Number(n);
      }
      case 'dec': {
        const d = typeof v === 'string' || typeof v === 'number' ? decimalFromText(String(v)) : undefined;
        return d !== undefined && typeof d !== 'string' ? d : wrong(v);
      }
    }
  };
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string ${JSON.stringify(v.slice(0, 40))}`;
  return typeof v === 'object' ? 'an object' : `the ${typeof v} ${String(v)}`;
}
