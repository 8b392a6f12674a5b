// Reading row values in the closures: a member read along its path (each structure on the way
// checked to be an object), a structure's null test, a collection's elements, and the reader
// that checks a value against its declared type and yields its in-memory representation. Over
// trusted rows only the conversions remain, and the check that a collection is an array. Null or
// missing is tested as `v === null || v === undefined`: V8 compiles `v == null` to a look at the
// value's map besides (for objects that hide themselves), several times slower on a row's number.

import type { LoweredCollection, LoweredMember, Source } from '../../lower/lowered.js';
import { type Env, type Eval, type Row, type Scope, slotOf, type Test } from './closure-scope.js';
import * as rt from './runtime.js';
import { AS_THEY_ARE } from './plan.js';

/** A member's value, null where it or a structure on its path is null or missing; the one- and two-step paths of the row read inline. */
export function member(node: LoweredMember, scope: Scope): Eval {
  const path = node.path;
  const read = scope.trusted ? trustedReader(node) : reader(node);
  if (node.source.kind === 'row' && !path.some(rt.isPrototypeName) && path.length <= 2) {
    const [first, second] = path as unknown as [string, string | undefined];
    if (second === undefined) {
      if (read === undefined) {
        return (row) => {
          const v = row[first];
          return v === null || v === undefined ? null : v;
        };
      }
      return (row) => {
        const v = row[first];
        return v === null || v === undefined ? null : read(v);
      };
    }
    const prefix = first;
    // Trusted rows only: the value is its own representation.
    if (read === undefined) {
      return (row) => {
        const o = row[first];
        if (o === null || o === undefined) return null;
        const v = (o as Row)[second];
        return v === null || v === undefined ? null : v;
      };
    }
    if (scope.trusted) {
      return (row) => {
        const o = row[first];
        if (o === null || o === undefined) return null;
        const v = (o as Row)[second];
        return v === null || v === undefined ? null : read(v);
      };
    }
    return (row) => {
      const o = row[first];
      if (o === null || o === undefined) return null;
      if (typeof o !== 'object') rt.badValue(o, prefix, 'object');
      const v = (o as Row)[second];
      return v === null || v === undefined ? null : read(v);
    };
  }
  const at = pathReader(node.source, path, scope);
  if (read === undefined) {
    return (row, env) => {
      const v = at(row, env);
      return v === null || v === undefined ? null : v;
    };
  }
  return (row, env) => {
    const v = at(row, env);
    return v === null || v === undefined ? null : read(v);
  };
}

/**
 * Whether a member is present (neither null nor missing, nor a structure on its path): its value
 * neither checked nor converted, for a test that only its presence decides.
 */
export function memberPresent(node: LoweredMember, scope: Scope): Test {
  const path = node.path;
  if (node.source.kind === 'row' && path.length === 1 && !rt.isPrototypeName(path[0]!)) {
    const name = path[0]!;
    return (row) => {
      const v = row[name];
      return v !== null && v !== undefined;
    };
  }
  const at = pathReader(node.source, path, scope);
  return (row, env) => {
    const v = at(row, env);
    return v !== null && v !== undefined;
  };
}

/**
 * The row value at `path` from a source (the row, or a range variable's element), null or
 * undefined as soon as a step is: each structure the path goes through, a variable's element
 * included, checked to be an object.
 */
function pathReader(source: Source, path: readonly string[], scope: Scope): Eval {
  const names = path.map((name) => ({ name, own: rt.isPrototypeName(name) }));
  const variable = source.kind === 'variable' ? source.name : undefined;
  const slot = variable === undefined ? undefined : slotOf(scope, variable);
  return (row, env) => {
    let v: unknown = slot === undefined ? row : env[slot];
    for (let i = 0; i < names.length; i++) {
      if (v === null || v === undefined) return null;
      // The row is an object; an element is checked like any structure (unless trusted).
      if ((i > 0 || slot !== undefined) && !scope.trusted && typeof v !== 'object')
        rt.badValue(v, path.slice(0, i).join('/'), 'object', variable);
      const { name, own } = names[i]!;
      v = own ? rt.readOwn(v as object, name) : (v as Row)[name];
    }
    return v;
  };
}

/** Whether the structure at a path is null or missing: reads each step, checked to be an object. */
export function structureIsNull(source: Source, path: readonly string[], scope: Scope): Test {
  const at = pathReader(source, path, scope);
  const variable = source.kind === 'variable' ? source.name : undefined;
  const where = path.join('/');
  if (scope.trusted)
    return (row, env) => {
      const v = at(row, env);
      return v === null || v === undefined;
    };
  return (row, env) => {
    const v = at(row, env);
    if (v === null || v === undefined) return true;
    if (typeof v !== 'object') rt.badValue(v, where, 'object', variable);
    return false;
  };
}

/** A collection's elements (null for an empty one: null or missing), checked to be an array. */
export function collectionReader(
  collection: LoweredCollection,
  scope: Scope,
): (row: Row, env: Env) => readonly unknown[] | null {
  const at = pathReader(collection.source, collection.path, scope);
  const variable = collection.source.kind === 'variable' ? collection.source.name : undefined;
  const where = collection.path.join('/');
  return (row, env) => rt.readArray(at(row, env), where, variable);
}

/**
 * The representation of a non-null trusted row value: undefined where it is the value itself (a
 * string, a Boolean, a number), else its conversion (which still refuses what it cannot convert).
 */
function trustedReader(node: LoweredMember): ((v: unknown) => unknown) | undefined {
  if (node.property.enum === undefined && AS_THEY_ARE.has(node.type)) return undefined;
  if (node.type === 'Edm.Guid') return (v) => (v as string).toLowerCase();
  return reader(node);
}

/** The value of a non-null row value checked against the member's declared type, in its representation. */
function reader(node: LoweredMember): (v: unknown) => unknown {
  const p = node.path.join('/');
  const variable = node.source.kind === 'variable' ? node.source.name : undefined;
  const enumType = node.property.enum;
  if (enumType !== undefined) return (v) => rt.readEnum(v, p, enumType, variable);
  switch (node.type) {
    case 'Edm.String':
      return rt.HAS_WELL_FORMED
        ? (v) =>
            typeof v === 'string' && (v as unknown as { isWellFormed(): boolean }).isWellFormed()
              ? v
              : rt.badValue(v, p, 'Edm.String', variable)
        : (v) => rt.readString(v, p, variable);
    case 'Edm.Guid':
      return (v) => rt.readGuid(v, p, variable);
    case 'Edm.Binary':
      return (v) => rt.readBinary(v, p, variable);
    case 'Edm.Boolean':
      return (v) => rt.readBoolean(v, p, variable);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32': {
      const type = node.type;
      if (type === 'Edm.Int32')
        return (v) => (typeof v === 'number' && (v | 0) === v ? v : rt.badValue(v, p, type, variable));
      return (v) => rt.readSmallInteger(v, p, type, variable);
    }
    case 'Edm.Int64':
      return (v) => rt.readInt64(v, p, variable);
    case 'Edm.Decimal':
      return (v) => rt.readDecimal(v, p, variable);
    case 'Edm.Date':
      return (v) => rt.readDate(v, p, variable);
    case 'Edm.TimeOfDay':
      return (v) => rt.readTimeOfDay(v, p, variable);
    case 'Edm.Duration':
      return (v) => rt.readDuration(v, p, variable);
    case 'Edm.Double':
    case 'Edm.Single': {
      const type = node.type;
      return (v) => (typeof v === 'number' ? v : rt.badValue(v, p, type, variable));
    }
    default: {
      const type = node.type;
      return (v) => rt.readInstant(v, p, type, variable);
    }
  }
}
