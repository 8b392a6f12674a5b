// Responses of interface A read by a conforming XML parser (saxes: XML 1.0 well-formedness,
// including the characters a document may hold), as a tree the tests can walk.

import { SaxesParser } from 'saxes';

export interface XmlTree {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlTree[];
  /** The element's own text (character data directly inside it). */
  text: string;
}

/** The document's root element; a document that is not well-formed throws the parser's error. */
export function parseXml(document: string): XmlTree {
  const parser = new SaxesParser();
  const stack: XmlTree[] = [];
  let root: XmlTree | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const node: XmlTree = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])),
      children: [],
      text: '',
    };
    stack[stack.length - 1]?.children.push(node);
    root ??= node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    const top = stack[stack.length - 1];
    if (top !== undefined) top.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(document).close();
  if (failure !== undefined) throw failure;
  if (root === undefined) throw new Error('no root element');
  return root;
}

/** The children of an element with the name. */
export function childrenNamed(node: XmlTree, name: string): XmlTree[] {
  return node.children.filter((c) => c.name === name);
}

/** The one child with the name (a test failure when there is not exactly one). */
export function child(node: XmlTree, name: string): XmlTree {
  const found = childrenNamed(node, name);
  if (found.length !== 1) throw new Error(`expected one <${name}> in <${node.name}>, found ${found.length}`);
  return found[0]!;
}

/** The Links of an element, by `rel`. */
export function linksOf(node: XmlTree, rel?: string): XmlTree[] {
  return childrenNamed(node, 'Link').filter((l) => rel === undefined || l.attributes.rel === rel);
}
