// The table of invalid filters: each throws a FilterError of the given kind, at the given
// position, with exactly this message, and where given, covering exactly this text.

import { describe, expect, it } from 'vitest';
import { type FilterError, isFilterError, parse } from '../../src/index.js';
import { INVALID } from './invalid-cases.js';

describe('invalid filters', () => {
  it('has at least 60 cases', () => {
    expect(INVALID.length).toBeGreaterThanOrEqual(60);
  });

  it.each(INVALID.map((c) => [JSON.stringify(c[0]), ...c] as const))(
    '%s',
    (_name, input, kind, start, message, covers) => {
      let caught: unknown;
      try {
        parse(input);
      } catch (error) {
        caught = error;
      }
      expect(isFilterError(caught)).toBe(true);
      const error = caught as FilterError;
      expect({ kind: error.kind, start: error.start, message: error.message }).toEqual({ kind, start, message });
      expect(error.code).toBe('BadRequest');
      expect(error.end).toBeGreaterThanOrEqual(error.start);
      expect(error.end).toBeLessThanOrEqual(input.length);
      if (covers !== undefined) expect(input.slice(error.start, error.end)).toBe(covers);
      expect(error.text).toBe(input);
    },
  );
});
