// Interface A's representations (sections 2.1 and 2.2): collections of Links, and each member as
// an element of its fields and its Links, with expanded relations inlined inside their Link.

import type { Property } from 'odata-filter';
import type { ExpandItem } from 'odata-filter/query';
import { instantOf, offsetText, utcText } from '../instants.js';
import { STORED_TYPES } from '../storage.js';
import type { Row } from '../database.js';
import type { TypeName } from '../storage.js';
import type { XmlElement, XmlNode } from '../xml.js';
import { COLLECTION_OF_TYPE } from './collections.js';

/** What every link of a response is written from: the absolute root of interface A and the `rel` base. */
export interface LinkContext {
  /** `http://host/demo/api/2012-02-01/auth/resources/` */
  readonly resources: string;
  /** The `rel` base, which embeds 2012/02 (section 9): `http://…/schemas/2012/02`. */
  readonly schemaBase: string;
  /** The public registration page of the platform's website, which the `sgid` query is added to. */
  readonly registrationPage: string;
}

const XML = 'application/xml';

/** A Link: `type` is the target's media type (XML unless given), `title` its type name on item and related links, none on `self` and `next` (section 2.1). */
export function link(
  rel: string,
  href: string,
  title?: string,
  type: string = XML,
  children?: readonly XmlNode[],
): XmlElement {
  return { name: 'Link', attributes: { rel, type, title, href }, ...(children ? { children } : {}) };
}

export function itemHref(context: LinkContext, type: TypeName, id: unknown): string {
  return `${context.resources}${COLLECTION_OF_TYPE.get(type)!.name}/${String(id)}/`;
}

/** A member's Link in a collection: `rel` = the schema base + its type; its representation inside when expanded. */
export function itemLink(
  context: LinkContext,
  type: TypeName,
  row: Row,
  expand: readonly ExpandItem[] | undefined,
): XmlElement {
  const href = itemHref(context, type, row[STORED_TYPES[type].key]);
  return link(
    `${context.schemaBase}/${type}`,
    href,
    type,
    XML,
    expand === undefined ? undefined : [member(context, type, row, expand)],
  );
}

/**
 * A member's element: its fields in the schema's order (those without a value left out), then its
 * Links — `self`, one per relation (the Event's in section 2.2's order, with the links the service
 * document names beside its relations), each with its expanded rows inside.
 */
export function member(context: LinkContext, type: TypeName, row: Row, expand: readonly ExpandItem[]): XmlElement {
  const stored = STORED_TYPES[type];
  const self = itemHref(context, type, row[stored.key]);
  const offset = typeof row.UtcOffsetMinutes === 'number' ? row.UtcOffsetMinutes : 0;
  const fields = [...stored.schema.properties.values()].flatMap((property) => field(property, row, [], offset));
  const relations = new Map<string, XmlElement | undefined>();
  for (const property of stored.schema.properties.values()) {
    if (property.kind !== 'primitive' && property.relation)
      relations.set(property.name, relationLink(context, type, property, row, self, expand));
  }
  const links: (XmlElement | undefined)[] = [link('self', self)];
  if (type === 'Event') {
    const related = (name: string): XmlElement =>
      link(`${context.schemaBase}/related/${name}`, `${self}${name.toLowerCase()}/`, name);
    links.push(
      relations.get('EventTemplate'),
      related('Logistics'),
      relations.get('Sessions'),
      related('RegistrationSettings'),
      relations.get('Registrations'),
    );
    links.push(related('PublicationSettings'), related('PublicationStatus'), relations.get('TimeZone'));
    const sgid = encodeURIComponent(String(row.UniqueIdentifier));
    links.push(link('related', `${context.registrationPage}?sgid=${sgid}`, 'WebsiteRegister', 'text/html'));
  } else {
    links.push(...relations.values());
  }
  return { name: type, children: [...fields, ...links.filter((l): l is XmlElement => l !== undefined)] };
}

/** A field's element, or none when it has no value (null, or empty text). */
function field(property: Property, row: Row, prefix: readonly string[], offset: number): XmlElement[] {
  const path = [...prefix, property.name];
  if (property.kind === 'structured') {
    if (property.relation) return [];
    const children = [...property.properties.values()].flatMap((p) => field(p, row, path, offset));
    return children.length === 0 ? [] : [{ name: property.name, children }];
  }
  // A row of the collection's query names its columns as its view does (`PostalAddress_City`), an
  // expanded row as the package's projection does (`PostalAddress/City`).
  const value = row[path.join('/')] ?? row[path.join('_')];
  if (value === null || value === undefined || value === '') return [];
  if (property.kind === 'collection') {
    if (property.relation || !Array.isArray(value) || value.length === 0) return [];
    const itemName = property.name.replace(/s$/, '');
    return [
      {
        name: property.name,
        children: value.filter((v) => v !== null).map((v) => ({ name: itemName, children: [String(v)] })),
      },
    ];
  }
  switch (property.type) {
    case 'Edm.DateTime':
      return [{ name: property.name, children: [utcText(instantOf(value))] }];
    case 'Edm.DateTimeOffset':
      return [{ name: property.name, children: [offsetText(instantOf(value), offset)] }];
    default:
      return [{ name: property.name, children: [String(value)] }];
  }
}

/** The Link of a relation: to the related member (none when there is no related row), or to the member's sub-collection. */
function relationLink(
  context: LinkContext,
  type: TypeName,
  property: Property,
  row: Row,
  self: string,
  expand: readonly ExpandItem[],
): XmlElement | undefined {
  const reach = STORED_TYPES[type].relations[property.name]!;
  const rel = `${context.schemaBase}/related/${property.name}`;
  const expanded = expand.find((item) => item.path.length === 1 && item.path[0] === property.name);
  if ('reference' in reach) {
    const id = row[reach.reference];
    if (id === null || id === undefined) return undefined;
    const related = expanded === undefined ? undefined : (row[property.name] as Row | null | undefined);
    const inline =
      related === undefined || related === null ? undefined : [member(context, reach.type, related, expanded!.expand)];
    return link(rel, itemHref(context, reach.type, id), property.name, XML, inline);
  }
  const href = `${self}${property.name.toLowerCase()}/`;
  if (expanded === undefined) return link(rel, href, property.name);
  const rows = (row[property.name] as Row[] | undefined) ?? [];
  const collection: XmlElement = {
    name: property.name,
    children: rows.map((r) => itemLink(context, reach.type, r, expanded.expand)),
  };
  return link(rel, href, property.name, XML, [collection]);
}
