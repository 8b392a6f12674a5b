// The table of command-line arguments and options (docs/cli.md) is held to the commands: every
// option a command takes has a row that names the command, and the bounds it states are the code's.

import { readFileSync } from 'node:fs';
import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/syntax/limits.js';
import { MAX_SCHEMA_BYTES } from '../../src/cli/load-schema.js';
import { runCli } from '../support/cli.js';

const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| argument or option'))
  .map((line) =>
    line
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim())
      .slice(1, -1),
  );

const COMMANDS = ['parse', 'check', 'eval', 'sql', 'mongo'];
const thousands = (n: number): string => n.toLocaleString('en-US');

describe('docs/cli.md: Command line', () => {
  it.each(COMMANDS)('has a row for every option of %s', async (command) => {
    const help = (await runCli([command, '--help'])).out;
    const options = [...new Set([...help.matchAll(/^ {2}(?:-h, )?(--[a-z-]+)/gm)].map((m) => m[1]!))];
    expect(options).toContain('--help');
    for (const option of options) {
      const row = rows.find(([argument]) => new RegExp(`\`${option}[\` ]`).test(argument!));
      expect(row, option).toBeDefined();
      expect(row![1] === 'all' || row![1]!.split(', ').includes(command), `${option} for ${command}`).toBe(true);
    }
  });

  it('states the bounds the code has', async () => {
    const evalHelp = (await runCli(['eval', '--help'])).out;
    const maxJson = Number(/default (\d+)/.exec(evalHelp)![1]);
    const row = (option: string): string => rows.find(([argument]) => argument!.includes(option))!.join(' | ');
    expect(row('--max-json-length')).toContain(`${thousands(maxJson)} (256 Mi) when left out`);
    expect(row('--max-json-length')).toContain(`from 1 to ${thousands(constants.MAX_STRING_LENGTH)}`);
    expect(row('--schema')).toContain(`at most ${thousands(MAX_SCHEMA_BYTES)} bytes`);
    expect(row('"<filter>"')).toContain(`a filter has at most ${thousands(DEFAULT_LIMITS.maxLength)}`);
    expect(row('"<filter>"')).toContain(`more than ${thousands(DEFAULT_LIMITS.maxLength + 2)} characters`);
  });
});
