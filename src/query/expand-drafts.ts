// An expansion as written (`$expand`, the service's `expand`): the relations its items name,
// merged by path (`A,A/B` is A with B under it), each with the options in its parentheses read by
// name as parseQuery reads the request's, and the relations its `$expand` names under it. Checking
// them against the relation's rows is expand.ts's.

import type { FilterErrorKind, FilterIssueCode } from '../errors.js';
import type { IssueCode } from '../types/check.js';
import type { CollectionProperty, Property, Schema, StructuredProperty } from '../types/schema.js';
import { suggestName } from '../language/suggest-name.js';
import { bareName, optionNamed } from './option-names.js';
import type { QueryOptionName } from './option-names.js';
import type { QueryPolicy } from './policy.js';
import type { Report } from './report.js';
import { shorten } from './report.js';
import type { Rules } from './rules.js';
import { lookUp } from './select.js';
import { splitTopLevel } from './split.js';
import type { Part } from './split.js';

/** An option in an item's parentheses: its name as written, and its value with the value's offset in the request's option. */
export interface NestedOption {
  readonly written: string;
  readonly value: string;
  readonly start: number;
}

/** An expansion as written, before its options are read: one relation, its options' text, and the relations under it. */
export interface Draft extends Link {
  readonly start: number;
  readonly end: number;
  /** The options in parentheses, by the option each is. */
  readonly options: Map<QueryOptionName, NestedOption>;
  readonly children: Map<string, Draft>;
}

/** A relation on the way of an item's path: its path from the rows before it (through structures) and its schema path. */
interface Link {
  readonly path: readonly string[];
  readonly schemaPath: readonly string[];
  readonly property: StructuredProperty | CollectionProperty;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** One item of an expansion: a path, then, in the `odata` spelling, options in parentheses. */
const ITEM = /^([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:\(([\s\S]*)\))?$/;

/** The options an expanded relation takes. */
const NESTED: ReadonlySet<QueryOptionName> = new Set(['filter', 'select', 'orderby', 'top', 'skip', 'expand']);

/** OData's options an expanded relation does not take yet (bare names): refused as unsupported, not unknown. */
const NOT_YET = new Set(['count', 'levels', 'search']);

export interface DraftLevel {
  /** The rows' schema: the resource's, or a relation's rows'. */
  readonly schema: Schema;
  readonly schemaPath: readonly string[];
  /** The resource's rules, by schema path from the resource. */
  readonly rules: Rules;
  /** Whether the items are the request's own (the service's may start with the rows' type name). */
  readonly outermost: boolean;
}

/** The reading of one request's expansion: the option's name, its spelling, and where its problems go. */
export class DraftReader {
  constructor(
    private readonly name: string,
    private readonly spelling: QueryPolicy['spelling'],
    private readonly issue: Report,
  ) {}

  /** The relations the option's value names over the resource's rows, by path. */
  read(value: string, rows: Pick<DraftLevel, 'schema' | 'rules'>): Map<string, Draft> {
    const drafts = new Map<string, Draft>();
    this.readDrafts({ text: value, start: 0 }, { ...rows, schemaPath: [], outermost: true }, drafts);
    return drafts;
  }

  /** Reports a problem of the option, at a span of its value. */
  private report(kind: FilterErrorKind, code: FilterIssueCode | IssueCode, message: string, span: Span): void {
    this.issue(kind, code, this.name, `Option '${this.name}': ${message}`, span.start, span.end);
  }

  /** The relations a list of items names, merged into `into` by path (`A,A/B` is A with B under it). */
  private readDrafts(list: Part, level: DraftLevel, into: Map<string, Draft>): void {
    const parts = splitTopLevel(list.text, ',', list.start);
    if (parts === undefined) {
      const span = { start: list.start, end: list.start + list.text.length };
      this.report('syntax', 'invalid_option_value', 'a parenthesis or quote is left open, or closes nothing', span);
      return;
    }
    for (const part of parts) this.readItem(part, level, into);
  }

  /** One item: `*`, or a relation path with, in the `odata` spelling, its options in parentheses. */
  private readItem(part: Part, level: DraftLevel, into: Map<string, Draft>): void {
    const item = part.text.trim();
    const start = part.start + (part.text.length - part.text.trimStart().length);
    const span = { start, end: start + item.length };
    if (item === '') return this.report('syntax', 'invalid_option_value', 'an item is empty', span);
    if (item === '*' && this.spelling === 'odata') return this.readEvery(level, span, into);
    const match = ITEM.exec(item);
    if (match === null || (this.spelling === 'service' && match[2] !== undefined)) {
      const what =
        this.spelling === 'service'
          ? 'a relation path (`Event/TimeZone`)'
          : 'a relation path, then its options in parentheses (`Sessions($filter=…;$top=5)`)';
      return this.report('syntax', 'invalid_option_value', `'${shorten(item)}' is not ${what}`, span);
    }
    const segments = this.segmentsOf(match[1]!, level);
    if (segments.length === 0) return;
    const chain = this.relationChain(level, segments, { start, end: start + match[1]!.length });
    if (chain === undefined) return;
    // `A/B` expands A, and B under it; the options in parentheses belong to the last relation.
    let at = into;
    chain.forEach((link, i) => {
      const merged = merge(at, { ...link, ...span, options: new Map(), children: new Map() });
      if (i === chain.length - 1 && match[2] !== undefined)
        this.readOptions({ text: match[2], start: start + item.indexOf('(', match[1]!.length) + 1 }, merged, level);
      at = merged.children;
    });
  }

  /** `*`: every relation of the rows. */
  private readEvery(level: DraftLevel, span: Span, into: Map<string, Draft>): void {
    for (const property of level.schema.properties.values()) {
      if (property.kind !== 'primitive' && property.relation) {
        const link = { path: [property.name], schemaPath: [...level.schemaPath, property.name], property };
        merge(into, { ...link, ...span, options: new Map(), children: new Map() });
      }
    }
  }

  /** A path's segments; the service's expressions may start with the rows' type name (`Event/TimeZone` on events). */
  private segmentsOf(path: string, level: DraftLevel): string[] {
    const segments = path.split('/');
    const first = segments[0]!;
    const typeName =
      level.outermost &&
      this.spelling === 'service' &&
      first.toLowerCase() === level.schema.name.toLowerCase() &&
      lookUp(level.schema.properties, first, true) === undefined;
    return typeName ? segments.slice(1) : segments;
  }

  /** The relations along a path, each with its path from the rows before it (through complex structures) and its schema path. */
  private relationChain(level: DraftLevel, segments: readonly string[], span: Span): Link[] | undefined {
    const chain: Link[] = [];
    let properties = level.schema.properties;
    const schemaPath = [...level.schemaPath];
    let path: string[] = [];
    for (const segment of segments) {
      const property = lookUp(properties, segment, this.spelling === 'service');
      const written = [...path, segment].join('/');
      if (property === undefined)
        return this.unknownProperty(segment, written, { ...level, schemaPath, properties }, span);
      path.push(property.name);
      schemaPath.push(property.name);
      if (property.kind !== 'primitive' && property.relation) {
        chain.push({ path, schemaPath: [...schemaPath], property });
        properties = rowsOf(property);
        path = [];
      } else if (property.kind === 'structured') {
        properties = property.properties;
      } else {
        const what = property.kind === 'primitive' ? property.type : 'a collection of values';
        return this.notExpandable(`'${written}' is ${what}, not a relation: select it`, span);
      }
    }
    if (path.length > 0)
      return this.notExpandable(`'${path.join('/')}' is a structure, not a relation: select it`, span);
    return chain;
  }

  /**
   * A segment naming no property of the rows. Only relations (or structures holding one) the rules
   * let an expansion reach are suggested, so no message tells a hidden property exists.
   */
  private unknownProperty(
    segment: string,
    written: string,
    at: Pick<DraftLevel, 'schemaPath' | 'rules'> & { readonly properties: Schema['properties'] },
    span: Span,
  ): undefined {
    const reachable = [...at.properties]
      .filter(([n, p]) => leadsToRelation(p) && at.rules.allows('expand', [...at.schemaPath, n]))
      .map(([n]) => n);
    const suggestion = suggestName(segment, reachable);
    const hint = suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`;
    this.report('type', 'unknown_property', `property '${written}' does not exist${hint}`, span);
    return undefined;
  }

  private notExpandable(message: string, span: Span): undefined {
    this.report('type', 'not_expandable', message, span);
    return undefined;
  }

  /** The options in an item's parentheses: `$expand` read into the relations under it, the rest kept for finishing. */
  private readOptions(list: Part, draft: Draft, level: DraftLevel): void {
    if (draft.options.size > 0) {
      const span = { start: list.start, end: list.start + list.text.length };
      const message = `the options of '${draft.schemaPath.join('/')}' are given twice; give them once`;
      return this.report('syntax', 'invalid_option_value', message, span);
    }
    for (const part of splitTopLevel(list.text, ';', list.start) ?? []) {
      const option = this.nestedOption(part, draft);
      if (option === undefined) continue;
      draft.options.set(option.known, option);
      if (option.known === 'expand') {
        const under = {
          schema: schemaOf(draft, level.schema),
          schemaPath: draft.schemaPath,
          rules: level.rules,
          outermost: false,
        };
        this.readDrafts({ text: option.value, start: option.start }, under, draft.children);
      }
    }
  }

  /**
   * One option in an item's parentheses, its name read as parseQuery reads the request's;
   * undefined, reported, where an expansion takes no such option or has it already.
   */
  private nestedOption(part: Part, draft: Draft): (NestedOption & { known: QueryOptionName }) | undefined {
    const eq = part.text.indexOf('=');
    const written = (eq < 0 ? part.text : part.text.slice(0, eq)).trim();
    const known = eq < 0 ? undefined : optionNamed(written, 'odata');
    const span = { start: part.start, end: part.start + part.text.length };
    const where = `in the options of '${draft.schemaPath.join('/')}'`;
    if (known === undefined || !NESTED.has(known)) {
      const notYet = eq >= 0 && NOT_YET.has(bareName(written));
      const what = notYet
        ? 'not supported in an expansion yet'
        : 'no option an expansion takes ($filter, $select, $orderby, $top, $skip, $expand)';
      const [kind, code] = notYet ? (['unsupported', 'unsupported'] as const) : (['syntax', 'unknown_option'] as const);
      this.report(kind, code, `'${shorten(part.text.trim())}' ${where} is ${what}`, span);
      return undefined;
    }
    if (draft.options.has(known)) {
      this.report('syntax', 'repeated_option', `'${written}' is given twice ${where}`, span);
      return undefined;
    }
    return { known, written, value: part.text.slice(eq + 1), start: part.start + eq + 1 };
  }
}

/** Whether a property is a relation, or a structure with one under it: what an expansion can name. */
function leadsToRelation(property: Property): boolean {
  if (property.kind === 'primitive') return false;
  if (property.relation) return true;
  return property.kind === 'structured' && [...property.properties.values()].some(leadsToRelation);
}

/** Adds a relation to the list, or finds it there (readOptions refuses options given for it twice). */
function merge(into: Map<string, Draft>, draft: Draft): Draft {
  const key = draft.path.join('/');
  const earlier = into.get(key);
  if (earlier === undefined) {
    into.set(key, draft);
    return draft;
  }
  return earlier;
}

/** A relation's rows' properties: its own, or its elements'. */
function rowsOf(property: StructuredProperty | CollectionProperty): Schema['properties'] {
  return property.kind === 'collection' ? (property.element as StructuredProperty).properties : property.properties;
}

/**
 * A relation's rows' schema: its properties, or its elements', with their type (and so the types
 * derived from it) and the model's functions and aliases, as the schema it is reached from has them.
 */
export function schemaOf(draft: Pick<Draft, 'property' | 'schemaPath'>, within: Schema): Schema {
  const rows = draft.property.kind === 'collection' ? draft.property.element : draft.property;
  const type = rows.kind === 'structured' ? rows.type : undefined;
  return {
    name: draft.schemaPath.join('/'),
    properties: rowsOf(draft.property),
    ...(type === undefined ? {} : { type }),
    ...(within.functions === undefined ? {} : { functions: within.functions }),
    ...(within.aliases === undefined ? {} : { aliases: within.aliases }),
  };
}
