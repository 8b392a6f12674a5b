// An 'unsupported' error names the construct and the target in fields, not only in its message.

import { describe, expect, it } from 'vitest';
import { unsupported } from '../../src/errors.js';
import { isFilterError } from '../../src/index.js';

describe('unsupported()', () => {
  it('makes an unsupported FilterError naming the construct and the target', () => {
    const error = unsupported({
      construct: 'cast',
      target: 'mysql',
      message: 'cast is not supported on MySQL',
      start: 3,
      end: 7,
      text: 'abc cast',
    });
    expect(isFilterError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'unsupported',
      construct: 'cast',
      target: 'mysql',
      start: 3,
      end: 7,
      text: 'abc cast',
    });
    expect(error.toJSON()).toMatchObject({ kind: 'unsupported', construct: 'cast', target: 'mysql' });
  });

  it('leaves the target undefined for a construct the language does not have', () => {
    const error = unsupported({ construct: 'parameter_alias', message: 'no', start: 0, end: 2 });
    expect(error.target).toBeUndefined();
    expect(error.toJSON()).not.toHaveProperty('target');
  });
});
