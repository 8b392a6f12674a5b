// `--alias <name>=<value>`: the values of a filter's parameter aliases on the command line, for
// every command that checks a filter; a malformed or repeated option is a usage error.

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = (...argv: string[]) => runCli(argv);

describe('odata-filter --alias', () => {
  it('gives check the values of the aliases, typed where they stand', async () => {
    const r = await run(
      'check',
      'Capacity gt @p and Name eq @n',
      '--schema',
      'VenueRoom',
      '--alias',
      'p=50',
      '--alias',
      "n='A'",
    );
    expect(r).toEqual({
      code: 0,
      out: "Capacity gt @p and Name eq @n\n((Capacity:Int32 gt 50:Int32) and (Name:String eq 'A':String))\n",
      err: '',
    });
  });

  it('accepts the name as a URL writes it, with its @', async () => {
    expect((await run('check', 'Capacity gt @p', '--schema', 'VenueRoom', '--alias', '@p=50')).code).toBe(0);
  });

  it('binds the value as a parameter in sql', async () => {
    const r = await run('sql', 'Capacity gt @p', '--schema', 'VenueRoom', '--alias', 'p=50');
    expect(r).toEqual({ code: 0, out: '("Capacity" > $1::integer)\n[50]\n', err: '' });
  });

  it('reads the value in mongo and eval too', async () => {
    const mongo = await run('mongo', 'Capacity gt @p', '--schema', 'VenueRoom', '--alias', 'p=50');
    expect(mongo.code).toBe(0);
    expect(mongo.out).toContain('50');
    const evaluated = await runCli(
      ['eval', 'Capacity gt @p', '--schema', 'VenueRoom', '--alias', 'p=50'],
      '{"Capacity": 60}\n{"Capacity": 40}\n',
    );
    expect(evaluated).toEqual({ code: 0, out: '{"Capacity": 60}\n', err: '' });
  });

  it('gives the whole list of in as a JSON array or a list in parentheses', async () => {
    const json = await run('sql', 'Capacity in @list', '--schema', 'VenueRoom', '--alias', 'list=[10, 20]');
    const parenthesised = await run('sql', 'Capacity in @list', '--schema', 'VenueRoom', '--alias', 'list=(10, 20)');
    expect(json).toEqual({ code: 0, out: '("Capacity" IN ($1::integer, $2::integer))\n[10,20]\n', err: '' });
    expect(parenthesised).toEqual(json);
  });

  it('reports an alias without a value as a bad filter, at the alias', async () => {
    const r = await run('check', 'Capacity gt @p', '--schema', 'VenueRoom');
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      "Parameter alias '@p' has no value: give it in the aliases option, such as { p: '…' }\n  Capacity gt @p\n              ^~\n",
    );
  });

  it('reports a value that is not one literal as a bad filter naming the alias', async () => {
    const r = await run('sql', 'Capacity gt @p', '--schema', 'VenueRoom', '--alias', 'p=Capacity');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "The value of parameter alias '@p' (aliases.p) 'Capacity' is an expression, not one literal",
    );
  });

  it.each([
    [['--alias', 'p'], "--alias takes <name>=<value>, such as p=5 or tag='red', not 'p'"],
    [['--alias', '1p=5'], "--alias takes <name>=<value>, such as p=5 or tag='red', not '1p=5'"],
    [['--alias', 'p=5', '--alias', 'p=6'], '--alias p is given more than once; an alias has one value'],
  ])('exits 64 on %j', async (options, message) => {
    const r = await run('check', 'Capacity gt @p', '--schema', 'VenueRoom', ...options);
    expect(r.code).toBe(64);
    expect(r.err).toContain(message);
  });

  it('lists --alias in the help of the commands that check a filter', async () => {
    for (const command of ['check', 'eval', 'sql', 'mongo']) {
      expect((await run(command, '--help')).out).toContain(
        '--alias <name>=<value>  the value of the parameter alias @name',
      );
    }
  });
});
