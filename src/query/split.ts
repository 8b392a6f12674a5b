// Splitting an option's value at a separator that stands outside parentheses and outside quoted
// strings (`''` is a quote inside one): the items of `$expand`, the options inside its parentheses.

/** One item of a split value, with its offset in the value. */
export interface Part {
  readonly text: string;
  readonly start: number;
}

/** The parts of `text` between top-level `separator`s; undefined when a parenthesis or quote is left open or closes nothing. */
export function splitTopLevel(text: string, separator: string, offset = 0): Part[] | undefined {
  const parts: Part[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === "'") {
        if (text[i + 1] === "'") i++;
        else quoted = false;
      }
    } else if (c === "'") {
      quoted = true;
    } else if (c === '(') {
      depth++;
    } else if (c === ')') {
      if (--depth < 0) return undefined;
    } else if (c === separator && depth === 0) {
      parts.push({ text: text.slice(start, i), start: offset + start });
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) return undefined;
  parts.push({ text: text.slice(start), start: offset + start });
  return parts;
}
