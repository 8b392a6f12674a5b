// The name being typed at a cursor: the path it belongs to (`Venue/Na` → head `Venue`, segment
// `Na`), where it starts and ends, or that the cursor is inside a string literal, where no name
// is typed.

/** What the text holds at the cursor. */
export interface CursorToken {
  /** True when the cursor is inside a quoted literal: nothing is completed there. */
  readonly inString: boolean;
  /** Where the path the cursor is in starts: its first segment. */
  readonly pathStart: number;
  /** The segments before the one under the cursor (`['Venue']` in `Venue/Na`). */
  readonly head: readonly string[];
  /** Where the segment under the cursor starts, and where it ends (the cursor, or past it). */
  readonly segmentStart: number;
  readonly segmentEnd: number;
  /** The segment's text from its start to the cursor: what the items are narrowed to. */
  readonly typed: string;
}

// A dot belongs to the name: qualified type names (`Edm.Int32`, `Shop.Color'Red'`) are completed whole.
const NAME_CHAR = /[A-Za-z0-9_$.]/;

/** The token at `cursor` (an offset into `text`, 0 to its length). */
export function cursorToken(text: string, cursor: number): CursorToken {
  const segmentStart = backOverName(text, cursor);
  let segmentEnd = cursor;
  while (segmentEnd < text.length && NAME_CHAR.test(text[segmentEnd]!)) segmentEnd++;
  const head: string[] = [];
  let pathStart = segmentStart;
  // `a/b/c`: each segment before a `/` that follows a name belongs to the path, and so does a
  // call whose result the path reads (`Ns.Fn(A=1)/`), as one segment.
  while (text[pathStart - 1] === '/') {
    const slash = pathStart - 1;
    const open = text[slash - 1] === ')' ? openingOf(text, slash - 1) : slash;
    const previous = backOverName(text, open);
    if (previous === open) break;
    head.unshift(text.slice(previous, slash));
    pathStart = previous;
  }
  return {
    inString: insideString(text, cursor),
    pathStart,
    head,
    segmentStart,
    segmentEnd,
    typed: text.slice(segmentStart, cursor),
  };
}

/** The `(` that the `)` at `close` closes (quotes not told apart); `close` itself where there is none. */
function openingOf(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return i;
  }
  return close;
}

function backOverName(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && NAME_CHAR.test(text[start - 1]!)) start--;
  return start;
}

/**
 * Whether `offset` is inside a quoted literal: quotes before it, outside JSON strings, are odd in
 * number (a doubled quote inside a literal counts twice, so it changes nothing).
 */
function insideString(text: string, offset: number): boolean {
  let single = false;
  let double = false;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === "'" && !double) single = !single;
    else if (c === '"' && !single) double = !double;
    else if (c === '\\' && double) i++;
  }
  return single || double;
}
