// Did-you-mean suggestions for misspelt names: a case-insensitive match first, then the closest
// name by edit distance (with transpositions, so `Stauts` is one edit from `Status`).

/** The best candidate for `name`, or undefined when none is close enough to be a likely typo. */
export function suggestName(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const lower = name.toLowerCase();
  const caseMatch = list.find((c) => c.toLowerCase() === lower);
  if (caseMatch !== undefined) return caseMatch;
  const limit = name.length <= 2 ? 0 : name.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of list) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}
