// A CSDL XML document as a tree of elements, read with saxes: a strict, non-validating XML parser
// that checks well-formedness, resolves namespaces and knows each event's line. It reads no DTD:
// a document type declaration is refused before anything is read from it, so no entity can be
// declared, and saxes expands only XML's five predefined entities and character references
// (an undeclared entity is a well-formedness error). Elements are kept with the attributes
// CSDL reads; text is kept only where CSDL has any (annotation values).

import { SaxesParser, type SaxesTagNS } from 'saxes';
import { CsdlError } from './csdl-error.js';

/**
 * The deepest nesting of elements read. CSDL nests a few dozen levels at most (an annotation's
 * records and collections); beyond this a document is refused, as reading deeper costs saxes time
 * that grows with the square of the depth.
 */
export const MAX_XML_DEPTH = 256;

export interface XmlElement {
  /** The local name (`EntityType`). */
  readonly name: string;
  /** The namespace URI of the element. */
  readonly uri: string;
  /** Attributes in no namespace, by name. */
  readonly attributes: { readonly [name: string]: string };
  /** Attributes in a namespace (`m:DataServiceVersion`, `sap:filterable`), by `uri local`. */
  readonly qualified: ReadonlyMap<string, string>;
  readonly children: readonly XmlElement[];
  /** The character data directly inside the element. */
  readonly text: string;
  /** The 1-based line where the element's start tag ends. */
  readonly line: number;
}

interface OpenElement extends XmlElement {
  children: XmlElement[];
  text: string;
}

/** The root element of a document, or a CsdlError naming the line of what is wrong. */
export function readXmlElements(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;
  parser.on('doctype', () => {
    throw new CsdlError(
      'doctype',
      'The document has a document type declaration (<!DOCTYPE …>); a CSDL document has none, and DTDs are not read',
      { line: parser.line },
    );
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_XML_DEPTH)
      throw new CsdlError('too_deep', `The document nests elements more than ${MAX_XML_DEPTH} deep`, {
        line: parser.line,
        element: tag.name,
      });
    const { attributes, qualified } = attributesOf(tag as SaxesTagNS);
    const element: OpenElement = {
      name: (tag as SaxesTagNS).local,
      uri: (tag as SaxesTagNS).uri,
      attributes,
      qualified,
      children: NO_CHILDREN,
      text: '',
      line: parser.line,
    };
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = element;
    // Most elements (properties, members) have no children: they share one empty list.
    else if (parent.children === NO_CHILDREN) parent.children = [element];
    else parent.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  // The whitespace between elements is no value of CSDL's, and left out: a large document has
  // as many such runs as elements.
  const onText = (data: string): void => {
    const open = stack[stack.length - 1];
    if (open !== undefined && (open.text !== '' || /\S/.test(data))) open.text += data;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (error) => {
    throw new CsdlError('malformed', `The document is not well-formed XML: ${error.message}`, {
      line: parser.line,
    });
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof CsdlError) throw error;
    // saxes reports through the handler above; anything else is still this document's fault.
    throw new CsdlError('malformed', `The document could not be read as XML: ${(error as Error).message}`, {
      line: parser.line,
    });
  }
  if (root === undefined) throw new CsdlError('not_csdl', 'The document has no root element');
  return root;
}

function attributesOf(tag: SaxesTagNS): Pick<XmlElement, 'attributes' | 'qualified'> {
  const attributes: Record<string, string> = {};
  let qualified: Map<string, string> | undefined;
  for (const name in tag.attributes) {
    const attribute = tag.attributes[name]!;
    // CSDL has no attribute of this name; setting it would change the object's prototype.
    if (attribute.local === '__proto__') continue;
    if (attribute.uri === '') attributes[attribute.local] = attribute.value;
    else if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns')
      (qualified ??= new Map()).set(`${attribute.uri} ${attribute.local}`, attribute.value);
  }
  return { attributes, qualified: qualified ?? NONE };
}

const NONE: ReadonlyMap<string, string> = new Map();
const NO_CHILDREN: XmlElement[] = [];

/** The children of an element with a local name. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
