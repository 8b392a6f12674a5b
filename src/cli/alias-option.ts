// The `--alias <name>=<value>` option of the commands that check a filter: the values of its
// parameter aliases, as a request's query options give them (`@p=5`), one option per alias.

import type { AliasValues } from '../types/aliases.js';

/** The option definition to spread into a command's `options`. */
export const ALIAS_OPTION = { alias: { type: 'string', multiple: true } } as const;

/** The lines of a command's --help for --alias. */
export const ALIAS_HELP = [
  '--alias <name>=<value>  the value of the parameter alias @name: the text of one literal,',
  '                        as in --alias p=5 --alias tag="\'red\'", or of a list for x in @name,',
  '                        as in --alias \'list=["a", "b"]\'; once for each alias',
].join('\n');

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The alias values the options give, or a usage error for one that is not `name=literal`. */
export function aliasesFromOptions(
  values: Readonly<Record<string, unknown>>,
): { readonly aliases: AliasValues } | { readonly usageError: string } {
  const given = values.alias;
  const options = Array.isArray(given) ? (given as unknown[]) : [];
  const aliases: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const option of options) {
    const text = String(option);
    const equals = text.indexOf('=');
    // `@p=5` as a URL writes it is accepted too.
    const name = (equals < 0 ? text : text.slice(0, equals)).replace(/^@/, '');
    if (equals < 0 || !NAME.test(name))
      return { usageError: `--alias takes <name>=<value>, such as p=5 or tag='red', not '${text}'` };
    if (Object.hasOwn(aliases, name))
      return { usageError: `--alias ${name} is given more than once; an alias has one value` };
    aliases[name] = text.slice(equals + 1);
  }
  return { aliases };
}
