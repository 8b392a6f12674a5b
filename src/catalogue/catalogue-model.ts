// Tables as a model (docs/catalogue.md): each table with a primary key an entity set of its own
// entity type, each column a property of the type its SQL type maps to, each foreign key a
// relation both ways, and what cannot be read left out and reported, never dropped silently.

import type { Dialect } from '../backends/sql/index.js';
import { isIdentifier } from '../language/identifiers.js';
import { defineModel } from '../model/define-model.js';
import type {
  EntityTypeDefinition,
  EnumTypeDefinition,
  ModelDefinition,
  StructuralPropertyDefinition,
} from '../model/model-definition.js';
import { isPropertyName } from '../types/schema.js';
import type { CatalogueTable, EnumLabels, ForeignKey } from './catalogue-table.js';
import type { CatalogueOptions, PropertyOverride } from './catalogue-options.js';
import { type Catalogue, type CatalogueSource, type OmittedItem, servedEntitySets } from './catalogue.js';
import { enumLabelRead, joinKey, jsonRead } from './view-reads.js';
import { mappedColumnType } from './mapped-column-type.js';
import type { ColumnType } from './sql-type.js';
import { entitySetSource, propertyColumns } from './catalogue-sources.js';
import type { EntityTable } from './entity-table.js';

/** Tables read from a catalogue (or a drizzle definition), as a model and the sources that read them. */
export function catalogueModel(
  tables: readonly CatalogueTable[],
  enums: EnumLabels,
  dialect: Dialect,
  options: CatalogueOptions & { readonly schema?: string },
): Catalogue {
  return new CatalogueResolution(tables, enums, dialect, options).catalogue();
}

class CatalogueResolution {
  private readonly omitted: OmittedItem[] = [];
  private readonly entities = new Map<string, EntityTable>();
  private readonly enumTypes: Record<string, EnumTypeDefinition> = {};
  private readonly enumNames = new Map<string, string>();
  private readonly names: (name: string) => string;
  private readonly quote: (name: string) => string;
  /** Every table's entity type name, which no enumeration type may take. */
  private readonly entityTypeNames: ReadonlySet<string>;

  constructor(
    private readonly tables: readonly CatalogueTable[],
    private readonly enums: EnumLabels,
    private readonly dialect: Dialect,
    private readonly options: CatalogueOptions & { readonly schema?: string },
  ) {
    this.names = options.names ?? ((name) => name);
    this.quote = (name) => dialect.quoteIdentifier(name);
    this.entityTypeNames = new Set(tables.map((t) => this.entityTypeName(this.names(t.name))));
  }

  private entityTypeName(entitySet: string): string {
    return this.options.entityType?.(entitySet) ?? entitySet;
  }

  /** A table, or a type, as SQL names it: in the schema read where one was named, else as the search path finds it. */
  private qualified(name: string): string {
    const schema = this.options.schema;
    return schema === undefined ? this.quote(name) : `${this.quote(schema)}.${this.quote(name)}`;
  }

  catalogue(): Catalogue {
    const wanted = this.options.tables === undefined ? undefined : new Set(this.options.tables);
    // In the order of their names, so that whatever lists the tables names the same model alike.
    const tables = [...this.tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const table of tables) if (wanted === undefined || wanted.has(table.name)) this.entityOf(table);
    for (const name of wanted ?? [])
      if (!this.tables.some((t) => t.name === name))
        this.omit({ table: name, reason: 'the catalogue has no such table' });
    for (const entity of this.entities.values()) for (const fk of entity.table.foreignKeys) this.relate(entity, fk);
    this.checkOverrides();
    const definition = this.definition();
    const model = defineModel(definition);
    const sql = { quote: this.quote, qualified: (name: string) => this.qualified(name) };
    const sources: Record<string, CatalogueSource> = {};
    const columns: Record<string, Record<string, string>> = {};
    for (const entity of this.entities.values()) {
      sources[entity.entitySet] = entitySetSource(entity, sql, this.options.depth);
      columns[entity.entitySet] = propertyColumns(entity);
    }
    return {
      model,
      definition,
      report: { omitted: this.omitted },
      sources,
      columns,
      entitySets: (connection, services) => servedEntitySets(sources, connection, services),
    };
  }

  private omit(item: OmittedItem): void {
    this.omitted.push(item);
  }

  private override(table: string, name: string): PropertyOverride | undefined {
    const byTable = this.options.overrides?.[table];
    return byTable !== undefined && Object.hasOwn(byTable, name) ? byTable[name] : undefined;
  }

  private entityOf(table: CatalogueTable): void {
    const entitySet = this.names(table.name);
    const entityType = this.entityTypeName(entitySet);
    if (table.key.length === 0)
      return this.omit({ table: table.name, reason: 'the table has no primary key, which an entity set needs' });
    if (!isIdentifier(entitySet) || !isIdentifier(entityType))
      return this.omit({
        table: table.name,
        reason: `'${entitySet}' is no name of an entity set: give a naming function`,
      });
    if (this.entities.has(entitySet) || [...this.entities.values()].some((e) => e.entityType === entityType))
      return this.omit({ table: table.name, reason: `another table is named '${entitySet}' too` });
    const entity: EntityTable = {
      table,
      entitySet,
      entityType,
      properties: {},
      navigation: {},
      reads: new Map(),
      jsonCollections: [],
      joins: new Map(),
      relations: [],
    };
    const qualified = (column: string) => `${this.qualified(table.name)}.${this.quote(column)}`;
    for (const column of table.columns) {
      const override = this.override(table.name, column.name);
      if (override?.hidden === true) {
        if (table.key.includes(column.name))
          return this.omit({ table: table.name, column: column.name, reason: 'a key column cannot be hidden' });
        continue;
      }
      const mapped = readableEnum(this.columnType(column.sqlType, override));
      const name = override?.name ?? this.names(column.name);
      const leaveOut = (reason: string): void =>
        this.omit({ table: table.name, column: column.name, sqlType: column.sqlType, reason });
      if (mapped.kind === 'unmapped') {
        leaveOut(mapped.reason);
      } else if (!isPropertyName(name)) {
        leaveOut(`'${name}' is no property name (an identifier, not a reserved word): give it a name`);
      } else if (Object.hasOwn(entity.properties, name)) {
        leaveOut(`another column is named '${name}' too`);
      } else {
        const nullable = column.nullable && !table.key.includes(column.name);
        const type = mapped.kind === 'enum' ? this.enumTypeOf(mapped, `${table.name}.${column.name}`, name) : undefined;
        entity.properties[name] = this.propertyOf(mapped, type, nullable, override);
        const read = mapped.kind === 'enum' || mapped.kind === 'primitive' ? mapped.read : undefined;
        entity.reads.set(name, read === undefined ? qualified(column.name) : read(qualified(column.name)));
        if (mapped.kind === 'primitive' && mapped.collection === true) entity.jsonCollections.push(name);
        continue;
      }
      if (table.key.includes(column.name))
        return this.omit({ table: table.name, reason: `its key column '${column.name}' is left out` });
    }
    this.entities.set(entitySet, entity);
  }

  /** The column's type as mapped, or as its override gives it. */
  private columnType(sqlType: string, override?: PropertyOverride): ColumnType {
    const mapped = mappedColumnType(sqlType, this.dialect, this.enums, (name) => this.qualified(name));
    if (override?.type === undefined) return mapped;
    const collection = override.collection === true;
    // Given a type, the column is read as it is; a collection as its JSON array; an enum as its label,
    // which PostgreSQL would otherwise refuse to compare with a text that is none of its labels.
    const read = collection ? jsonRead(this.dialect) : mapped.kind === 'enum' ? enumLabelRead(this.dialect) : undefined;
    return { kind: 'primitive', type: override.type, collection, ...(read === undefined ? {} : { read }) };
  }

  private propertyOf(
    mapped: Exclude<ColumnType, { kind: 'unmapped' }>,
    enumType: string | undefined,
    nullable: boolean,
    override: PropertyOverride | undefined,
  ): StructuralPropertyDefinition {
    // The mapping's facets are its type's: an override's type comes with the override's facets only.
    const facetsOf = (from: { maxLength?: unknown; precision?: unknown; scale?: unknown } | undefined) =>
      Object.fromEntries(
        (['maxLength', 'precision', 'scale'] as const).flatMap((f) => (from?.[f] === undefined ? [] : [[f, from[f]]])),
      );
    const facets = {
      ...(override?.type === undefined && mapped.kind === 'primitive' ? facetsOf(mapped) : {}),
      ...facetsOf(override),
    };
    return {
      type: mapped.kind === 'enum' ? enumType! : (override?.type ?? mapped.type),
      ...(mapped.kind === 'primitive' && mapped.collection === true ? { collection: true } : {}),
      nullable: override?.nullable ?? nullable,
      ...facets,
      ...(override?.filterable === undefined ? {} : { filterable: override.filterable }),
    };
  }

  /**
   * The enumeration type of an enum column: one per catalogue type (PostgreSQL's, by its name),
   * else one per column, named after its property (MySQL's).
   */
  private enumTypeOf(column: Extract<ColumnType, { kind: 'enum' }>, columnKey: string, property: string): string {
    const key = column.typeName ?? columnKey;
    const known = this.enumNames.get(key);
    if (known !== undefined) return known;
    const wanted = column.typeName === undefined ? property : this.names(column.typeName);
    let name = wanted;
    for (let i = 2; Object.hasOwn(this.enumTypes, name) || this.entityTypeNames.has(name); i++) name = `${wanted}${i}`;
    this.enumTypes[name] = {
      members: Object.fromEntries(column.labels.map((label, i) => [label, i + column.first])),
    };
    this.enumNames.set(key, name);
    return name;
  }

  /** A foreign key as a relation each way: to the referenced row, and from it to every row that refers to it. */
  private relate(child: EntityTable, fk: ForeignKey): void {
    const parent = [...this.entities.values()].find((e) => e.table.name === fk.table);
    const where = `${child.table.name}(${fk.columns.join(', ')})`;
    if (parent === undefined)
      return this.omit({
        table: child.table.name,
        reason: `the relation ${where} → ${fk.table} leads to a table that is not served`,
      });
    const holder = this.joinColumn(child, fk.columns);
    const finder = this.joinColumn(parent, fk.references);
    const single = fk.columns.length === 1 ? fk.columns[0]! : undefined;
    const stem = single?.replace(/_?id$/i, '');
    const toOne = this.uniqueName(
      child,
      stem !== undefined && stem !== '' && stem !== single ? this.names(stem) : parent.entitySet,
      fk,
    );
    const toMany = this.uniqueName(parent, child.entitySet, fk, toOne);
    const oneOverride = this.override(child.table.name, toOne);
    const manyOverride = this.override(parent.table.name, toMany);
    const oneName = oneOverride?.name ?? toOne;
    const manyName = manyOverride?.name ?? toMany;
    const nullable = fk.columns.some((c) => child.table.columns.find((col) => col.name === c)?.nullable !== false);
    if (oneOverride?.hidden !== true) {
      child.navigation[oneName] = {
        type: parent.entityType,
        nullable,
        ...(manyOverride?.hidden === true ? {} : { partner: manyName }),
      };
      child.relations.push({ name: oneName, many: false, target: parent, holder, finder });
    }
    if (manyOverride?.hidden !== true) {
      parent.navigation[manyName] = {
        type: child.entityType,
        collection: true,
        ...(oneOverride?.hidden === true ? {} : { partner: oneName }),
      };
      parent.relations.push({ name: manyName, many: true, target: child, holder: finder, finder: holder });
    }
  }

  /** A navigation name not yet taken in the table's type: the wanted one, else made from the key's columns. */
  private uniqueName(entity: EntityTable, wanted: string, fk: ForeignKey, taken?: string): string {
    const used = (name: string) =>
      Object.hasOwn(entity.properties, name) || Object.hasOwn(entity.navigation, name) || name === taken;
    if (!used(wanted)) return wanted;
    const qualified = this.names(`${wanted}_${fk.columns.join('_')}`);
    let name = used(qualified) ? `${qualified}2` : qualified;
    for (let i = 3; used(name); i++) name = `${qualified}${i}`;
    return name;
  }

  /** The view's column holding the columns' values (one value for several: their JSON array's text). */
  private joinColumn(entity: EntityTable, columns: readonly string[]): string {
    const key = columns.join('\0');
    const known = entity.joins.get(key);
    if (known !== undefined) return known;
    const name = `$j${entity.joins.size + 1}`;
    entity.joins.set(key, name);
    const qualified = columns.map((c) => `${this.qualified(entity.table.name)}.${this.quote(c)}`);
    entity.reads.set(name, joinKey(this.dialect, qualified));
    return name;
  }

  /** Every override names a column or relation of a served table: a misspelt one would change nothing. */
  private checkOverrides(): void {
    for (const [table, overrides] of Object.entries(this.options.overrides ?? {})) {
      const catalogued = this.tables.find((t) => t.name === table);
      if (catalogued === undefined) throw new TypeError(`overrides: the catalogue has no table '${table}'`);
      const entity = [...this.entities.values()].find((e) => e.table === catalogued);
      for (const name of Object.keys(overrides)) {
        const column = catalogued.columns.some((c) => c.name === name);
        const relation =
          entity !== undefined &&
          (Object.hasOwn(entity.navigation, overrides[name]?.name ?? name) || overrides[name]?.hidden === true);
        if (!column && !relation)
          throw new TypeError(`overrides.${table}: '${name}' is no column of the table and no relation of its type`);
      }
    }
  }

  private definition(): ModelDefinition {
    const entityTypes: Record<string, EntityTypeDefinition> = {};
    const entitySets: Record<string, { type: string; bindings: Record<string, string> }> = {};
    for (const entity of this.entities.values()) {
      entityTypes[entity.entityType] = {
        key: entity.table.key.map((column) => this.override(entity.table.name, column)?.name ?? this.names(column)),
        properties: entity.properties,
        ...(Object.keys(entity.navigation).length === 0 ? {} : { navigation: entity.navigation }),
      };
      entitySets[entity.entitySet] = {
        type: entity.entityType,
        bindings: Object.fromEntries(entity.relations.map((r) => [r.name, r.target.entitySet])),
      };
    }
    return {
      namespace: this.options.namespace,
      entityTypes,
      ...(Object.keys(this.enumTypes).length === 0 ? {} : { enumTypes: this.enumTypes }),
      entitySets,
    };
  }
}

/** An enumeration whose labels can all be members' names (identifiers, each once), else why it cannot be read. */
function readableEnum(type: ColumnType): ColumnType {
  if (type.kind !== 'enum') return type;
  const bad = type.labels.find((label, i) => !isIdentifier(label) || type.labels.indexOf(label) !== i);
  return bad === undefined
    ? type
    : { kind: 'unmapped', reason: `the enumeration's label '${bad}' is no member name (an identifier)` };
}
