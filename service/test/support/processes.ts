// A process and its children, for freezing a database server whole (SIGSTOP, then SIGCONT): a
// PostgreSQL server is a postmaster and one process per connection.

import { readdirSync, readFileSync } from 'node:fs';

/** The process and every process whose parent it is (Linux: read from /proc). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // `pid (comm) state ppid …`, where comm may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Sends the signal to each process of the tree, ignoring those that ended meanwhile. */
export function signalTree(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // ended
    }
  }
}
