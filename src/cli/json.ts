// JSON output for the CLI: bigints (Int64 values) are written as strings, exactly; maps (a
// structure's properties) as objects.

export function toJson(value: unknown, indent = 2): string {
  return JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Map ? Object.fromEntries(v) : v),
    indent,
  );
}
