// Calls of a model's functions in SQL (docs/semantics.md §15): the fragment the server's
// implementation for the dialect makes of the arguments' fragments, so every value a request
// gives stays bound; a bound structure's members read as the compiler reads any member.

import { implementationOf, type FunctionRegistry, type SqlElements } from '../../lower/function-registry.js';
import type { LoweredElements, LoweredFunctionCall, LoweredValue, Source } from '../../lower/lowered.js';
import type { PrimitiveProperty } from '../../types/schema.js';
import type { EdmType } from '../../language/edm.js';
import { type Binder, type Frag, isAtomic, type Part, sql } from './fragment.js';

/** A member read of a bound structure: where the compiler finds its column. */
export interface MemberRead {
  readonly source: Source;
  readonly path: readonly string[];
  readonly type: EdmType;
}

/**
 * The call's fragment. Refused by name (a FilterError 'unsupported') where the registry has no
 * implementation for the dialect; a result that is no fragment is the implementation's fault, a
 * TypeError naming the function. `aggregate` renders `(SELECT expression FROM the elements)` of a
 * collection binding, `expression` rendered with its variable bound to each element. `bind` is
 * the dialect's, which names computed arguments once.
 */
export function functionCallSql(
  node: LoweredFunctionCall,
  dialect: string,
  registry: FunctionRegistry | undefined,
  value: (node: LoweredValue) => Frag,
  column: (read: MemberRead) => Frag,
  aggregate: (binding: LoweredElements, expression: () => Frag) => Frag,
  bind: Binder | undefined,
): Frag {
  const fn = node.function;
  const implementation = implementationOf<Frag, SqlElements<Frag>>(registry, fn.name, { sql: dialect }, node);
  const names: string[] = [];
  const values: Frag[] = [];
  const binding = node.binding;
  if (binding !== undefined && binding.kind !== 'structure' && binding.kind !== 'collection') {
    names.push(fn.binding!.name);
    values.push(value(binding));
  }
  fn.parameters.forEach((parameter, i) => {
    names.push(parameter.name);
    values.push(value(node.args[i]!));
  });
  const structure =
    binding?.kind === 'structure'
      ? (path: string): Frag => {
          const property = memberOf(fn.name, binding.members, path);
          return column({ source: binding.source, path: [...binding.path, ...path.split('/')], type: property.type });
        }
      : undefined;
  const collection: SqlElements<Frag> | undefined =
    binding?.kind === 'collection'
      ? {
          aggregate: (expression) => {
            const element = binding.collection.property.element;
            const source = { kind: 'variable', name: binding.variable } as const;
            const read = (path?: string): Frag => {
              if (element.kind === 'primitive' && path === undefined)
                return column({ source, path: [], type: element.type });
              const property = memberOf(fn.name, binding.members, path);
              return column({ source, path: (path as string).split('/'), type: property.type });
            };
            return aggregate(binding, () => expression(read));
          },
        }
      : undefined;
  const call = (refs: readonly Frag[]): Frag => {
    const args: Record<string, Frag> = {};
    names.forEach((name, i) => {
      args[name] = refs[i]!;
    });
    const result: unknown = implementation(args, structure, collection);
    if (!isFragment(result))
      throw new TypeError(`Function '${fn.name}' returned no SQL fragment for ${dialect}: build one with sqlFragment`);
    return result;
  };
  // An implementation may use an argument more than once: a computed one is named once where the
  // dialect can (a call nested in arguments would otherwise repeat its SQL at every use, growing
  // with the power of the nesting), and repeated where it cannot (MySQL, docs/sql.md "Limits").
  return bind === undefined ? call(values) : namedWhereRepeated(values, call, bind);
}

/**
 * The call with each computed argument it uses more than once named once by `bind`, and every
 * other written where the implementation puts it: a name costs a subquery, so an argument used
 * once keeps the SQL (and the subquery nesting) it had without one. The implementation is called
 * once, given a placeholder part per computed argument, and the uses of each are counted in what
 * it made.
 */
function namedWhereRepeated(values: readonly Frag[], call: (refs: readonly Frag[]) => Frag, bind: Binder): Frag {
  const placeholders = new Map<Part, number>();
  const drafted = call(
    values.map((v, i) => {
      if (isAtomic(v)) return v;
      const placeholder: Part = { name: {} };
      placeholders.set(placeholder, i);
      return { parts: [placeholder] };
    }),
  );
  if (placeholders.size === 0) return drafted;
  const uses = values.map(() => 0);
  for (const part of drafted.parts) {
    const i = placeholders.get(part);
    if (i !== undefined) uses[i]!++;
  }
  const repeated = values.flatMap((_, i) => (uses[i]! > 1 ? [i] : []));
  const written = (refs: readonly Frag[]): Frag => {
    const parts: Part[] = [];
    for (const part of drafted.parts) {
      const i = placeholders.get(part);
      const frag = i === undefined ? undefined : (refs[i] ?? values[i]!);
      if (frag === undefined) parts.push(part);
      else for (const p of frag.parts) parts.push(p);
    }
    return sql`${{ parts }}`;
  };
  if (repeated.length === 0) return written([]);
  return bind(
    repeated.map((i) => values[i]!),
    (names) => {
      const refs: Frag[] = [];
      repeated.forEach((i, k) => {
        refs[i] = names[k]!;
      });
      return written(refs);
    },
  );
}

/** The primitive member of a binding an implementation reads: a TypeError naming the function where it is none. */
function memberOf(name: string, members: ReadonlyMap<string, PrimitiveProperty>, path: unknown): PrimitiveProperty {
  const property = typeof path === 'string' ? members.get(path) : undefined;
  if (property === undefined)
    throw new TypeError(
      `Function '${name}' reads '${String(path)}', which is no primitive member of its binding: ${[...members.keys()].join(', ') || 'a primitive element has none'}`,
    );
  return property;
}

/** A fragment as odata-filter/sql builds one: text, bound values and names. */
function isFragment(value: unknown): value is Frag {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as Frag).parts)) return false;
  return (value as Frag).parts.every(
    (part: Part) =>
      typeof part === 'string' || (typeof part === 'object' && part !== null && ('value' in part || 'name' in part)),
  );
}
