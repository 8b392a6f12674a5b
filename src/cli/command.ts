// The shape of a CLI subcommand: its options for node:util parseArgs and what it does.

import type { ParseArgsConfig } from 'node:util';

export interface CommandContext {
  readonly positionals: readonly string[];
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
  readonly options: NonNullable<ParseArgsConfig['options']>;
  run(context: CommandContext): CommandResult | Promise<CommandResult>;
}
