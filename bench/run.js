// Runs every stage's bench in turn: `npm run bench`. One stage: `node bench/<stage>.js`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const stages = readdirSync(dir).filter(
  (f) => f.endsWith('.js') && !['run.js', 'harness.js'].includes(f) && !f.startsWith('_'),
);
for (const stage of stages.sort()) await import(new URL(stage, import.meta.url).href);
