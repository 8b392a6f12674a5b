// What the path of a request names, under the service's root (OData 4.01 URL conventions, sections
// 4.1–4.8): the service document, `$metadata`, an entity set, its `$count`, or one entity by key —
// `Products(1)`, `Products(Id=1,Code='A')`, `Products/1` is not read (key-as-segment).

import { isIdentifier } from '../language/identifiers.js';
import { splitTopLevel } from '../query/split.js';

export type RequestPath =
  | { readonly kind: 'service' }
  | { readonly kind: 'metadata' }
  | { readonly kind: 'collection'; readonly entitySet: string; readonly count: boolean }
  | {
      readonly kind: 'entity';
      readonly entitySet: string;
      /** The key as written: one value, or values by name. */
      readonly key: readonly { readonly name: string | undefined; readonly text: string }[];
    };

/** The resource a path names, or a message saying why it names none. */
export function readRequestPath(path: string, root: string): RequestPath | string {
  if (!path.startsWith(root)) return `the service is at ${root}`;
  const rest = path.slice(root.length);
  if (rest === '') return { kind: 'service' };
  const segments = rest.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return undefined;
    }
  });
  if (segments.some((s) => s === undefined)) return 'the path is not percent-encoded UTF-8';
  const [first, ...more] = segments as string[];
  if (first === '$metadata' && more.length === 0) return { kind: 'metadata' };
  const open = first!.indexOf('(');
  const name = open < 0 ? first! : first!.slice(0, open);
  if (!isIdentifier(name)) return `'${first}' names no resource`;
  if (open < 0) {
    if (more.length === 0 || (more.length === 1 && more[0] === ''))
      return { kind: 'collection', entitySet: name, count: false };
    if (more.length === 1 && more[0] === '$count') return { kind: 'collection', entitySet: name, count: true };
    return `'${rest}' names no resource: an entity set is read whole, by key, or counted ('${name}/$count')`;
  }
  if (!first!.endsWith(')') || more.length > 0)
    return `'${rest}' names no resource: a key is written in parentheses after the entity set, '${name}(1)'`;
  const parts = splitTopLevel(first!.slice(open + 1, -1), ',');
  if (parts === undefined || parts.length === 0 || parts.some((p) => p.text.trim() === ''))
    return `the key of '${name}' cannot be read: '${first}'`;
  const key = parts.map(({ text }) => {
    const named = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)([\s\S]*)$/.exec(text);
    return named === null ? { name: undefined, text: text.trim() } : { name: named[1]!, text: named[2]!.trim() };
  });
  return { kind: 'entity', entitySet: name, key };
}
