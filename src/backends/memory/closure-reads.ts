// Reading row values in the closures: a member read along its path (each structure on the way
// checked to be an object), a structure's null test, a collection's elements, and the reader
// that checks a value against its declared type and yields its in-memory representation.

import type { LoweredCollection, LoweredMember, Source } from '../../lower/lowered.js';
import { type Env, type Eval, type Row, type Scope, slotOf, type Test } from './closure-scope.js';
import * as rt from './runtime.js';

/** A member's value, null where it or a structure on its path is null or missing; the one- and two-step paths of the row read inline. */
export function member(node: LoweredMember, scope: Scope): Eval {
  const path = node.path;
  const read = reader(node);
  if (node.source.kind === 'row' && !path.some(rt.isPrototypeName) && path.length <= 2) {
    const [first, second] = path as unknown as [string, string | undefined];
    if (second === undefined) {
      return (row) => {
        const v = row[first];
        return v == null ? null : read(v);
      };
    }
    const prefix = first;
    return (row) => {
      const o = row[first];
      if (o == null) return null;
      if (typeof o !== 'object') rt.badValue(o, prefix, 'object');
      const v = (o as Row)[second];
      return v == null ? null : read(v);
    };
  }
  const at = pathReader(node.source, path, scope);
  return (row, env) => {
    const v = at(row, env);
    return v == null ? null : read(v);
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
      if (v == null) return null;
      // The row is an object; an element is checked like any structure.
      if ((i > 0 || slot !== undefined) && typeof v !== 'object')
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
  return (row, env) => {
    const v = at(row, env);
    if (v == null) return true;
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
