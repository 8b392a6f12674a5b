// The shape of a CLI subcommand: its options for node:util parseArgs, its help, and what it does.

import type { ParseArgsConfig } from 'node:util';

export interface CommandContext {
  /** The filter text: the first argument, or stdin when that argument is `-`. */
  readonly filter: string;
  /** Whether the filter was read from stdin (which then holds nothing else). */
  readonly filterFromStdin: boolean;
  /** The arguments after the filter (at most `maxOperands`). */
  readonly operands: readonly string[];
  readonly values: Readonly<Record<string, string | boolean | (string | boolean)[] | undefined>>;
  readonly out: NodeJS.WritableStream;
  readonly err: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
}

export type CommandResult = { readonly exitCode: number } | { readonly usageError: string };

export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** How many arguments may follow the filter: more is a usage error (an unquoted filter). */
  readonly maxOperands: number;
  /** The lines of `odata-filter <command> --help` after the usage: each argument and option. */
  readonly help: readonly string[];
  readonly options: NonNullable<ParseArgsConfig['options']>;
  run(context: CommandContext): CommandResult | Promise<CommandResult>;
}
