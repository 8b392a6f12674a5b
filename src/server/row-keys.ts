// The names a SQL source's columns are given in the result, and the rows renamed back: a property
// path (`Address/Geo/Lat`) or a column the queries add (`$key:Sessions`) is its own name where the
// engine keeps it whole, and a short one (`$1`, `$2`, …) where the engine would cut it (PostgreSQL
// keeps 63 bytes of a name, so two long paths alike in their first 63 bytes would be one column).

const encoder = new TextEncoder();

/** The names of one source's columns: each long name's short one, given the first time it is asked for. */
export class RowKeys {
  private readonly short = new Map<string, string>();
  private readonly long = new Map<string, string>();

  /** `maxBytes`: the longest name the engine keeps whole; undefined keeps every name as it is. */
  constructor(private readonly maxBytes: number | undefined) {}

  /** The column's name in the result. No property path starts with `$` and a digit: the short names are no path. */
  readonly alias = (name: string): string => {
    if (this.maxBytes === undefined || encoder.encode(name).length <= this.maxBytes) return name;
    let alias = this.short.get(name);
    if (alias === undefined) {
      // A source's names are its schema's paths and relations: the map is as large as the schema.
      alias = `$${this.short.size + 1}`;
      this.short.set(name, alias);
      this.long.set(alias, name);
    }
    return alias;
  };

  /** The rows with each short name renamed back to the name it stands for; the rows themselves when none is short. */
  restore(rows: readonly Record<string, unknown>[]): readonly Record<string, unknown>[] {
    if (this.long.size === 0) return rows;
    return rows.map((row) => {
      const renamed: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) renamed[this.long.get(key) ?? key] = value;
      return renamed;
    });
  }
}
