// The XML writer's escaping: a value that holds nothing to escape is written as it is, and every
// other value as the two replacements write it — the test before them changes no answer.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeText, writeXml } from '../src/xml.js';
import { anyString } from '../../test/support/code-points.js';

const NOT_IN_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTRIBUTE: Record<string, string> = { ...TEXT, '"': '&quot;', '\t': '&#x9;', '\n': '&#xA;' };
const slowText = (v: string) => v.replace(NOT_IN_XML, '\uFFFD').replace(/[&<>\r]/g, (c) => TEXT[c]!);
const slowAttribute = (v: string) => v.replace(NOT_IN_XML, '\uFFFD').replace(/[&<>"\r\t\n]/g, (c) => ATTRIBUTE[c]!);

/** Strings of every kind of character the escaping tells apart, lone surrogates among them. */
const values = fc.oneof(
  anyString(),
  fc.string({
    unit: fc.constantFrom('a', 'é', '&', '<', '>', '"', "'", '\t', '\n', '\r', '\u0001', '\uD83D', '\uDE00', '\uFFFE'),
  }),
);

describe('XML escaping', () => {
  it('writes what the replacements write, for any string', () => {
    fc.assert(
      fc.property(values, (v) => {
        expect(escapeText(v)).toBe(slowText(v));
        expect(escapeAttribute(v)).toBe(slowAttribute(v));
      }),
      { numRuns: 2_000 },
    );
  });

  it('escapes in context', () => {
    expect(writeXml({ name: 'a', attributes: { t: 'x"\ty' }, children: ['1 < 2 & \uD800'] })).toBe(
      '<?xml version="1.0" encoding="utf-8"?><a t="x&quot;&#x9;y">1 &lt; 2 &amp; \uFFFD</a>',
    );
  });
});
