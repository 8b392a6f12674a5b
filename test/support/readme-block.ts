// The README's code blocks, run as written by the tests that hold them: the first `ts` block under
// a heading, and that block as a module importing the built package by its entries.

import { readFileSync } from 'node:fs';

/** The first `ts` code block under the heading (`### Serve a collection`). */
export function readmeBlock(heading: string): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf(heading));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error(`README: no code block under "${heading}"`);
  return block[1]!;
}

/** The block's `server`, listening on 127.0.0.1 at a free port, its imports of the package read from dist/. */
export async function runServerBlock(
  code: string,
  imports: Readonly<Record<string, string>> = {},
): Promise<{ server: { close(): void; address(): unknown }; base: string }> {
  let module = code;
  for (const [specifier, url] of Object.entries(imports)) module = module.replaceAll(`'${specifier}'`, `'${url}'`);
  for (const entry of ['server', 'catalogue'])
    module = module.replaceAll(
      `'odata-filter/${entry}'`,
      `'${new URL(`../../dist/${entry}/index.js`, import.meta.url).href}'`,
    );
  module = module
    .replaceAll("'odata-filter'", `'${new URL('../../dist/index.js', import.meta.url).href}'`)
    .replace('.listen(8080)', '.listen(0, "127.0.0.1")');
  const { server } = await import(`data:text/javascript,${encodeURIComponent(`${module}\nexport { server };`)}`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}
