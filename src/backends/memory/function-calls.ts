// Calls of a model's functions in the in-memory reference (docs/semantics.md §15): the server's
// `memory` implementation, given each argument in the representation the typed tree gives
// literals (docs/schemas.md, "Functions"), and a reader of a bound structure's members; its result
// checked to be a value of the function's type and read back into the compiler's representation.

import type { Decimal } from 'decimal.js';
import type { EdmType } from '../../language/edm.js';
import { implementationOf } from '../../lower/function-registry.js';
import { type ArgumentOf, argumentsOf, structuresOf } from '../../types/argument-slots.js';
import {
  type LoweredCallOf,
  type LoweredResult,
  type LoweredElements,
  type LoweredFunctionCall,
  type LoweredMember,
  type LoweredPredicate,
  type LoweredValue,
  passesCollection,
  type Source,
} from '../../lower/lowered.js';
import type { EnumType, PrimitiveProperty } from '../../types/schema.js';
import { INTEGER_RANGES } from '../../language/edm.js';
import { isFineTime } from '../../semantics/fine-time.js';
import { decimalFromText } from '../../semantics/decimal-model.js';
import { type Env, type Eval, type Row, type Scope, slotOf, type Test } from './closure-scope.js';
import { collectionReader, member } from './closure-reads.js';
import * as rt from './runtime.js';
import { reprOf, type Repr } from './plan.js';

type Span = { readonly start: number; readonly end: number };

/**
 * A call as a closure: the arguments read, the implementation called (null arguments too), its
 * result read back. `value` compiles an operand of the call, `truth` a predicate.
 */
export function functionCall(
  node: LoweredFunctionCall,
  scope: Scope,
  value: (node: LoweredValue, scope: Scope) => Eval,
  truth: (node: LoweredPredicate, scope: Scope) => Test,
): Eval {
  const made = callOf(node, scope, value, truth);
  const returns = node.function.returns;
  const back =
    returns.kind === 'primitive' && returns.enum !== undefined
      ? enumReader(node.function.name, returns.enum)
      : resultReader(node.function.name, node.type, reprOf(node));
  return (row, env) => back(made(row, env));
}

/**
 * A read of a call's result (docs/semantics.md §15): the implementation's result kept in the
 * variable's slot while `value` reads it, as a lambda's element is; null where the call is not
 * made. The reads check it as they check a row's value of its type (an object for a structure, an
 * array for a collection, each member and element by its type); a value that does not fit is the
 * implementation's fault, a TypeError naming the function.
 */
export function resultRead(
  node: LoweredResult,
  scope: Scope,
  value: (node: LoweredValue, scope: Scope) => Eval,
  truth: (node: LoweredPredicate, scope: Scope) => Test,
  // What reads the result, where it is not a value: a collection passed whole.
  reader?: Eval,
): Eval {
  const made = callOf(node.call, scope, value, truth);
  const present = node.present === undefined ? undefined : truth(node.present, scope);
  const slot = slotOf(scope, node.variable);
  const read = reader ?? value(node.value, scope);
  const { name } = node.call.function;
  return (row, env) => {
    env[slot] = present === undefined || present(row, env) ? made(row, env) : null;
    try {
      return read(row, env);
    } catch (error) {
      if (!(error instanceof rt.ElementValueError) || error.variable !== node.variable) throw error;
      const at = error.path === '' ? '' : ` at '${error.path}'`;
      throw new TypeError(
        `Function '${name}' returned a value${at} that is no ${error.expected}: ${describe(error.value)}`,
      );
    }
  };
}

/** A call's result as its implementation returns it: the arguments read, the implementation called (null arguments too). */
function callOf(
  node: LoweredCallOf,
  scope: Scope,
  value: (node: LoweredValue, scope: Scope) => Eval,
  truth: (node: LoweredPredicate, scope: Scope) => Test,
): Eval {
  const fn = node.function;
  const implementation = implementationOf<unknown, readonly unknown[]>(scope.functions, fn.name, 'memory', node);
  const names = fn.parameters.map((p) => p.name);
  const args = argumentsOf(fn, node.args).map((arg) => argumentReader(fn.name, arg, scope, node, value, truth));
  const binding = node.binding;
  if (binding !== undefined && binding.kind !== 'structure' && binding.kind !== 'collection') {
    names.unshift(fn.binding!.name);
    args.unshift(publicReader(value(binding, scope), binding));
  }
  const structure =
    binding?.kind === 'structure'
      ? memberReads(fn.name, binding.members, binding.source, binding.path, scope, node)
      : undefined;
  const collection = binding?.kind === 'collection' ? elementsOf(fn.name, binding, scope, node, truth) : undefined;
  return (row, env) => {
    const given: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i++) given[names[i]!] = args[i]!(row, env);
    const reader = structure && ((path: string) => structure(path)(row, env));
    return implementation(given, reader, collection?.(row, env));
  };
}

/**
 * An argument as the implementation takes it: a value in the typed tree's literal representation; a
 * structure as an object of its members, each so (a complex member an object in turn), or null
 * where it is absent; a collection as an array of its elements, each so (docs/semantics.md §15).
 */
function argumentReader(
  name: string,
  arg: ArgumentOf<LoweredValue>,
  scope: Scope,
  span: Span,
  value: (node: LoweredValue, scope: Scope) => Eval,
  truth: (node: LoweredPredicate, scope: Scope) => Test,
): Eval {
  if ('value' in arg) {
    const given = arg.value;
    if (given.kind === 'result' && passesCollection(given))
      return resultRead(
        given,
        scope,
        value,
        truth,
        argumentReader(name, { value: given.value }, scope, span, value, truth),
      );
    if (given.kind !== 'collectionArgument') return publicReader(value(given, scope), given);
    const one = (slots: readonly LoweredValue[]): Eval[] =>
      given.structure === undefined
        ? slots.map((element) => publicReader(value(element, scope), element))
        : structuresOf(given.structure, slots).map((s) => argumentReader(name, s, scope, span, value, truth));
    const elements = given.elements;
    if ('kind' in elements) return elementsOf(name, elements, scope, span, truth, given.slots && one(given.slots)[0]);
    const reads = one(elements);
    return (row, env) => reads.map((read) => read(row, env));
  }
  const present = value(arg.present, scope);
  const members = arg.members.map(
    ([member, slots]) => [member, argumentReader(name, slots, scope, span, value, truth)] as const,
  );
  return (row, env) => {
    if (present(row, env) !== true) return null;
    const structure: Record<string, unknown> = {};
    for (const [name, read] of members) structure[name] = read(row, env);
    return structure;
  };
}

/** An enumeration value returned, read as a row's value of the type is (a member's value or name). */
function enumReader(name: string, enumType: EnumType): (v: unknown) => unknown {
  return (v) => {
    if (v === null || v === undefined) return null;
    try {
      return rt.readEnum(v, '', enumType);
    } catch {
      throw new TypeError(`Function '${name}' returned ${describe(v)}, which is no ${enumType.name} value`);
    }
  };
}

/** The readers of a structure's primitive members by path, each compiled once, when first read. */
function memberReads(
  name: string,
  members: ReadonlyMap<string, PrimitiveProperty>,
  source: Source,
  prefix: readonly string[],
  scope: Scope,
  span: Span,
): (path: string) => Eval {
  const reads = new Map<string, Eval>();
  return (path) => {
    let read = reads.get(path);
    if (read === undefined) {
      const property = typeof path === 'string' ? members.get(path) : undefined;
      if (property === undefined)
        throw new TypeError(
          `Function '${name}' reads '${String(path)}', which is no primitive member of its binding: ${[...members.keys()].join(', ')}`,
        );
      const m = memberRead(source, [...prefix, ...path.split('/')], property, span);
      read = publicReader(member(m, scope), m);
      reads.set(path, read);
    }
    return read;
  };
}

function memberRead(source: Source, path: readonly string[], property: PrimitiveProperty, span: Span): LoweredMember {
  return {
    kind: 'member',
    source,
    path,
    property,
    type: property.type,
    nullable: true,
    nullDecidedBy: undefined,
    range: undefined,
    start: span.start,
    end: span.end,
  };
}

/**
 * A collection passed whole (docs/semantics.md §15): the array of its elements (none for a null or
 * missing one) that the predicate, if any, holds for, in their stored order — a primitive
 * element's value, a structured element as a reader of its members, or, given `object` (a
 * structure argument's reader, read with the variable bound to the element), as that object.
 */
function elementsOf(
  name: string,
  binding: LoweredElements,
  scope: Scope,
  span: Span,
  truth: (node: LoweredPredicate, scope: Scope) => Test,
  object?: Eval,
): (row: Row, env: Env) => unknown[] {
  const { collection, variable, predicate } = binding;
  const elements = collectionReader(collection, scope);
  const slot = slotOf(scope, variable);
  const passes = predicate === undefined ? undefined : truth(predicate, scope);
  const element = collection.property.element;
  const self = { kind: 'variable', name: variable } as const;
  const read: (row: Row, env: Env, index: number) => unknown =
    element.kind === 'primitive'
      ? (() => {
          const m = memberRead(self, [], element, span);
          const v = publicReader(member(m, scope), m);
          return (row: Row, env: Env) => v(row, env);
        })()
      : (() => {
          const members = memberReads(name, binding.members, self, [], scope, span);
          return (row: Row, env: Env, index: number) => {
            const held = env[slot];
            return (path: string) => {
              env[slot] = held;
              try {
                return members(path)(row, env);
              } catch (error) {
                throw located(error, index);
              }
            };
          };
        })();
  const where = collection.path.join('/');
  const outer = collection.source.kind === 'variable' ? collection.source.name : undefined;
  const located = (error: unknown, index: number): unknown => rt.elementError(error, variable, where, index, outer);
  return (row, env) => {
    const c = elements(row, env);
    const passed: unknown[] = [];
    if (c === null) return passed;
    let i = 0;
    try {
      for (; i < c.length; i++) {
        env[slot] = c[i];
        if (passes === undefined || passes(row, env)) passed.push(object ? object(row, env) : read(row, env, i));
      }
    } catch (error) {
      throw located(error, i);
    }
    return passed;
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
