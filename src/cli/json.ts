// JSON output for the CLI: bigints (Int64 values) are written as strings, exactly.

export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), indent);
}
