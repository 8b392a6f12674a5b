// The one escaper of the CSDL XML writer: every value it writes, in an attribute or as text, goes
// through it. Names in a model are identifiers by construction, but a model may be built by hand,
// so the writer trusts none of them: markup characters become references, and whitespace that an
// XML parser would normalise in an attribute (tab, line feed, carriage return) is kept as one.

/** Characters XML 1.0 cannot hold at all, even as a reference: C0 controls but tab, LF and CR, U+FFFE, U+FFFF. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** A lone surrogate: half a character, which no XML document can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const REFERENCES: { readonly [character: string]: string } = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * A value escaped for an XML attribute (in double or single quotes) or for character data. A
 * value XML cannot hold (a control character, a lone surrogate) is a TypeError naming `what`.
 */
export function escapeXml(value: string, what: string): string {
  if (NOT_XML.test(value) || LONE_SURROGATE.test(value))
    throw new TypeError(`${what} ${JSON.stringify(value)} holds a character an XML document cannot hold`);
  return value.replace(/[&<>"'\t\n\r]/g, (character) => REFERENCES[character]!);
}
