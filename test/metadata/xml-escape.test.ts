// Names cannot break the XML document: every value the writer puts in an attribute or in text
// goes through one escaper, which a conforming parser (saxes) reads back as the same string, and
// which refuses what no XML document can hold. A model built by hand with hostile names (a
// namespace, enumeration members, a container) comes back from the parser name for name.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EnumType } from '../../src/index.js';
import { defineModel, type Model } from '../../src/index.js';
import { metadataXml } from '../../src/metadata/index.js';
import { escapeXml } from '../../src/metadata/xml-escape.js';
import { childrenNamed, parseXml, type XmlTree } from '../../service/test/support/xml-tree.js';
import { runs } from '../support/test-size.js';

/** Characters XML 1.0 holds: tab, LF, CR, and from U+0020 on, but U+FFFE, U+FFFF and lone surrogates. */
const xmlCharacter = fc
  .oneof(
    fc.constantFrom('\t', '\n', '\r', '&', '<', '>', '"', "'", ']]>', '&amp;', '&#0;'),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
  )
  .filter((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(s));

function all(node: XmlTree): XmlTree[] {
  return [node, ...node.children.flatMap(all)];
}

describe('escapeXml', () => {
  it('writes any string XML can hold so that a parser reads it back, in an attribute and as text', () => {
    fc.assert(
      fc.property(
        fc.array(xmlCharacter, { maxLength: 8 }).map((parts) => parts.join('')),
        (value) => {
          const escaped = escapeXml(value, 'a value');
          const root = parseXml(`<a v="${escaped}" w='${escaped}'>${escaped}</a>`);
          expect(root.attributes).toEqual({ v: value, w: value });
          expect(root.text).toBe(value);
          expect(root.children).toEqual([]);
        },
      ),
      { numRuns: runs(300, 3000, 50) },
    );
  });

  it.each(['\u0000', 'a\u0007b', '\u001F', '\uFFFF', '\uD800', 'x\uDC00', '\uDC00\uD800'])(
    'refuses %j, which no XML document can hold',
    (value) => {
      expect(() => escapeXml(value, 'the name')).toThrow(TypeError);
      expect(() => escapeXml(value, 'the name')).toThrow(/the name .* holds a character an XML document cannot hold/);
    },
  );

  it('keeps a pair of surrogates, one character', () => {
    expect(escapeXml('\u{1F600}', 'a value')).toBe('\u{1F600}');
  });
});

describe('a model built by hand with hostile names', () => {
  const hostile = ['So"cial<&>\'', 'x"/><Evil a="', "y'/><Evil/><z a='", 'tab\tline\nreturn\r', ']]><Evil/>'];
  const base = defineModel({
    namespace: 'Plain',
    enumTypes: { Mood: { members: { Calm: 0 } } },
    entityTypes: { Thing: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Mood: 'Mood' } } },
    entitySets: { Things: { type: 'Thing' } },
  });
  const mood = base.types.get('Plain.Mood') as EnumType;
  const forgedMood: EnumType = {
    ...mood,
    name: `${hostile[0]}.Mood`,
    members: new Map(hostile.map((name, i) => [name, BigInt(i)])),
  };
  const forged: Model = {
    ...base,
    namespace: hostile[0]!,
    containerName: hostile[1]!,
    types: new Map([...base.types, [forgedMood.name, forgedMood]]),
  };

  it('comes back from a conforming parser name for name, with no element of its own', () => {
    const root = parseXml(metadataXml(forged));
    const elements = all(root);
    expect(elements.filter((e) => e.name === 'Evil')).toEqual([]);
    const schemas = elements.filter((e) => e.name === 'Schema').map((e) => e.attributes.Namespace);
    expect(schemas).toEqual(['Plain', hostile[0]]);
    const members = elements.filter((e) => e.name === 'Member').map((e) => e.attributes.Name);
    expect(members).toEqual(['Calm', ...hostile]);
    const container = elements.find((e) => e.name === 'EntityContainer')!;
    expect(container.attributes.Name).toBe(hostile[1]);
    expect(childrenNamed(container, 'EntitySet')).toHaveLength(1);
  });

  it('refuses a name no XML document can hold, naming it', () => {
    const broken: Model = { ...forged, containerName: 'Con\u0000tainer' };
    expect(() => metadataXml(broken)).toThrow(/"Con\\u0000tainer" holds a character an XML document cannot hold/);
  });
});
