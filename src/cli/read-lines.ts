// Lines of text from a stream, each at most `maxLength` characters long. A longer line is not
// built (a string cannot pass V8's limit of about 512 Mi characters, and memory would run out
// first): it is reported by its number and length so far, and reading goes on at the next line.
// Lines end at \n, \r\n or \r, as node:readline splits them.

export type Line =
  | { readonly number: number; readonly text: string }
  /** A line longer than the bound: its number, and that it has more than `maxLength` characters. */
  | { readonly number: number; readonly tooLong: true };

export async function* readLines(input: NodeJS.ReadableStream, maxLength: number): AsyncGenerator<Line> {
  const decoder = new TextDecoder('utf-8');
  let parts: string[] = [];
  let length = 0;
  let tooLong = false;
  let number = 0;
  // A chunk that ended in \r: a \n starting the next one belongs to the same line break.
  let afterCarriageReturn = false;
  const endLine = (): Line => {
    number++;
    const line: Line = tooLong ? { number, tooLong: true } : { number, text: parts.join('') };
    parts = [];
    length = 0;
    tooLong = false;
    return line;
  };
  const add = (piece: string): void => {
    if (tooLong || piece === '') return;
    length += piece.length;
    if (length > maxLength) {
      tooLong = true;
      parts = [];
    } else {
      parts.push(piece);
    }
  };
  for await (const chunk of input as AsyncIterable<string | Uint8Array>) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    afterCarriageReturn = false;
    let start = 0;
    const lineBreak = /\r\n|\n|\r/g;
    for (let m = lineBreak.exec(text); m !== null; m = lineBreak.exec(text)) {
      add(text.slice(start, m.index));
      start = m.index + m[0].length;
      if (m[0] === '\r' && start === text.length) afterCarriageReturn = true;
      yield endLine();
    }
    add(text.slice(start));
  }
  add(decoder.decode());
  if (length > 0 || tooLong) yield endLine();
}
