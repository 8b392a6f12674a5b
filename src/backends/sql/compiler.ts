// The SQL compiler of the lowered form (src/lower/lowered.ts): each predicate in a mode (how
// exact its SQL Boolean must be), each value as an operand, through a dialect object that owns
// spelling. compileSql() and compileSqlValue() (src/backends/sql/compile.ts) drive it.

import { decimalFromText } from '../../semantics/decimal-model.js';
import { isInteger, type EdmType } from '../../language/edm.js';
import { FilterError, malformedTree, unsupported } from '../../errors.js';
import { assertNever } from '../../assert-never.js';
import { describeValueType, listPropertyPaths } from '../../types/schema.js';
import type {
  BooleanTest,
  ComparePredicate,
  ExistsPredicate,
  ForallPredicate,
  InPredicate,
  LoweredCollection,
  LoweredElements,
  LoweredPredicate,
  LoweredValue,
  NullTest,
  Source,
  StructureNullTest,
} from '../../lower/lowered.js';
import { chain } from './chain.js';
import type { CollectionTables, StorageRead } from './collections.js';
import type { ColumnRead } from './columns.js';
import { DecimalMagnitudes } from './decimal-range.js';
import { UNSUPPORTED } from './dialect.js';
import type { Dialect, JsonArrays, JsonMember, Operand } from './dialect.js';
import { isAtomic, join, raw, sql } from './fragment.js';
import { LONE_SURROGATE } from '../../language/literal-spelling.js';
import type { Frag } from './fragment.js';
import { functionCallSql } from './function-calls.js';
import type { FunctionRegistry } from '../../lower/function-registry.js';

/**
 * A lambda the compiler is inside: its variable, bound to the elements of a collection (rows of a
 * child table, or of a JSON array's table function) under an alias.
 */
interface Scope {
  readonly variable: string | undefined;
  readonly alias: string;
  /** The collection's schema path, which a nested collection's path continues. */
  readonly schemaPath: readonly string[];
  readonly storage: StorageRead;
  /** The typed members the filter reads of a JSON element, named in the order first read. */
  readonly members: JsonMember[];
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * How exactly a Boolean must come out. 'true': SQL TRUE exactly where the filter is true (NULL and
 * FALSE may be swapped, as at the top of a WHERE). 'false': SQL FALSE exactly where it is false
 * (what `not` needs of its operand). 'exact': the same true, false or null as the reference.
 */
export type Mode = 'true' | 'false' | 'exact';

const FLIP: { readonly [M in Mode]: Mode } = { true: 'false', false: 'true', exact: 'exact' };

export class Compiler {
  /** Where the dialect's Decimal arithmetic can fail on large values: which operands it clamps. */
  private readonly magnitudes: DecimalMagnitudes | undefined;
  /** The lambdas around the node being rendered, innermost last. */
  private readonly scopes: Scope[] = [];
  /** The Boolean literals written for a test the compiler decided (a null test of what is never null). */
  private readonly decided = new WeakSet<Frag>();

  constructor(
    private readonly dialect: Dialect,
    private readonly rowColumn: (member: ColumnRead) => string,
    private readonly collections: CollectionTables,
    private readonly rowTable: string | undefined,
    private readonly text: string | undefined,
    private readonly functions?: FunctionRegistry,
  ) {
    this.magnitudes = dialect.decimalRange && new DecimalMagnitudes(dialect.decimalRange);
  }

  /**
   * A predicate in a mode. A negated leaf is `NOT` of its plain form rendered in the flipped mode,
   * as `not` needs; a Boolean test spells its own negation, being exact on a nullable value.
   */
  predicate(node: LoweredPredicate, mode: Mode): Frag {
    switch (node.kind) {
      case 'constant':
        return this.boolean(node.value);
      case 'and':
      case 'or':
        return chain(
          node.operands.map((o) => this.predicate(o, mode)),
          node.kind === 'and' ? ' AND ' : ' OR ',
          this.dialect.maxChainLength,
        );
      case 'booleanTest':
        return this.booleanTest(node, mode);
      case 'nullTest':
        return this.negatedIf(node.negated, mode, (m) => this.nullTest(node, m));
      case 'compare':
        return this.negatedIf(node.negated, mode, (m) => this.compare(node, m));
      case 'in':
        return this.negatedIf(node.negated, mode, (m) => this.in(node, m));
      case 'structureNull':
        return this.structureNull(node);
      case 'exists':
        return this.exists(node);
      case 'forall':
        return this.forall(node);
      default:
        return assertNever(node, 'lowered predicate kind');
    }
  }

  private negatedIf(negated: boolean, mode: Mode, plain: (mode: Mode) => Frag): Frag {
    return negated ? sql`(NOT ${plain(FLIP[mode])})` : plain(mode);
  }

  private boolean(value: boolean): Frag {
    const literal = this.dialect.literal('Edm.Boolean', value) as Frag;
    this.decided.add(literal);
    return literal;
  }

  /** Whether SQL the compiler wrote is a Boolean it decided for every row (boolean()). */
  isDecided(frag: Frag): boolean {
    return this.decided.has(frag);
  }

  /**
   * X is `is` (negated: is not). SQL's NOT is three-valued as OData's, so a never-null X needs no
   * more; a nullable one is made exact with `falseIfNull` where NULL must not stand for FALSE.
   */
  private booleanTest(node: BooleanTest, mode: Mode): Frag {
    const x = this.value(node.value);
    const plain = node.is ? x.sql : sql`(NOT ${x.sql})`;
    if (!x.nullable) return node.negated ? (node.is ? sql`(NOT ${x.sql})` : x.sql) : plain;
    if (node.negated) return sql`(NOT ${this.dialect.falseIfNull(plain)})`;
    return mode === 'true' ? plain : this.dialect.falseIfNull(plain);
  }

  /** A value that is never NULL in SQL (a `NOT NULL` column, by the schema) is decided here. */
  private nullTest(node: NullTest, _mode: Mode): Frag {
    const x = this.value(node.value);
    return x.nullable ? sql`(${x.sql} IS NULL)` : this.boolean(false);
  }

  private compare(node: ComparePredicate, mode: Mode): Frag {
    const a = this.value(node.left);
    const b = this.value(node.right);
    if (node.op === 'eq') return this.equality(a, b, mode);
    const cmp = this.dialect.order(node.op, a, b);
    // A null operand makes SQL answer NULL where OData answers false; only 'true' mode may keep it.
    return mode !== 'true' && (a.nullable || b.nullable) ? this.dialect.falseIfNull(cmp) : cmp;
  }

  private equality(a: Operand, b: Operand, mode: Mode): Frag {
    if (!a.nullable && !b.nullable) return this.dialect.equal(a, b);
    // In 'true' mode a NULL from `=` counts as false, which is right unless both sides are null.
    if (mode === 'true' && (!a.nullable || !b.nullable)) return this.dialect.equal(a, b);
    return this.dialect.equalNullSafe(a, b);
  }

  /**
   * A structure has no column of its own (docs/sql.md): it is null where the columns of its members
   * are all NULL. A member that is never null in a present structure (`nullable: false` all the way
   * down from it) decides alone, and a structure that is never null is not. A test written `ne null`
   * is spelled IS NOT NULL; a `not` above one is spelled NOT.
   */
  private structureNull(node: StructureNullTest): Frag {
    const written = node.op === 'eq';
    const notAbove = node.negated === written;
    const test = (): Frag => {
      if (!node.nullable) return this.boolean(!written);
      const json = node.source.kind === 'variable' ? this.jsonScope(node.source.name, node) : undefined;
      if (json) {
        const isNull = this.json(node).isNull(json.alias, node.path);
        return written ? isNull : sql`(NOT ${isNull})`;
      }
      const members = listPropertyPaths({ name: node.path.join('/'), properties: node.property.properties });
      if (members.length === 0) {
        // Its members are all collections, stored apart: no column says whether it is null.
        const at = [...(node.source.kind === 'variable' ? [node.source.name] : []), ...node.path].join('/');
        const message = `The ${this.dialect.name} backend cannot test '${at}' for null: its members are all collections, and a structure is null where its members' columns are all NULL (docs/sql.md)`;
        throw unsupported({
          construct: 'structure null test',
          target: this.dialect.name,
          message,
          start: node.start,
          end: node.end,
          text: this.text,
        });
      }
      const required = members.find((m) => !m.nullable);
      const columns = (required ? [required] : members).map((m) =>
        this.column(node.source, [...node.path, ...m.path], m.property.type, node),
      );
      const tests = columns.map((c) => (written ? sql`${c} IS NULL` : sql`${c} IS NOT NULL`));
      return tests.length === 1 ? sql`(${tests[0]!})` : sql`(${join(tests, written ? ' AND ' : ' OR ')})`;
    };
    return notAbove ? sql`(NOT ${test()})` : test();
  }

  /** Some element satisfies P: a row of the child table that does. `any()` (P true) is any row. */
  private exists(node: ExistsPredicate): Frag {
    const p = node.predicate;
    const condition = p.kind === 'constant' && p.value ? undefined : () => this.predicate(p, 'true');
    return sql`EXISTS (SELECT 1 ${this.fromCollection(node.collection, node.variable, node, condition)})`;
  }

  /**
   * Every element satisfies P: no row of the child table where P fails. P is two-valued, and its
   * SQL in 'false' mode is FALSE exactly where P fails, so its NOT is TRUE exactly there: an
   * element whose body is null in the filter (P false) is found, and fails `all`.
   */
  private forall(node: ForallPredicate): Frag {
    const p = node.predicate;
    const condition = p.kind === 'constant' && !p.value ? undefined : () => sql`(NOT ${this.predicate(p, 'false')})`;
    return sql`(NOT EXISTS (SELECT 1 ${this.fromCollection(node.collection, node.variable, node, condition)}))`;
  }

  /**
   * `(SELECT <expression> FROM <elements> …)`: one value of a collection a function is bound to
   * (docs/semantics.md §15), the expression and the binding's predicate read with its variable
   * bound to each element.
   */
  private aggregate(binding: LoweredElements, expression: () => Frag, span: Span): Frag {
    let selected: Frag | undefined;
    const p = binding.predicate;
    const from = this.fromCollection(binding.collection, binding.variable, span, () => {
      selected = expression();
      return p === undefined ? undefined : this.predicate(p, 'true');
    });
    return sql`(SELECT ${selected!} ${from})`;
  }

  /**
   * `FROM <elements> AS cN[ WHERE <correlation>][ AND <condition>]`: the rows of a child table
   * correlated with their parent, or a JSON array's elements, aliased by lambda depth, with the
   * variable bound to them while the condition renders.
   */
  private fromCollection(
    collection: LoweredCollection,
    variable: string | undefined,
    span: Span,
    condition?: () => Frag | undefined,
  ): Frag {
    const parent = collection.source.kind === 'row' ? undefined : this.scopeOf(collection.source.name, span);
    const schemaPath = [...(parent?.schemaPath ?? []), ...collection.path];
    const path = schemaPath.join('/');
    // A collection of a JSON element is in the element; any other has its storage option.
    const storage: StorageRead =
      parent?.storage.kind === 'json'
        ? parent.storage
        : this.collections.storageOf({
            schemaPath: path,
            property: collection.property,
            start: span.start,
            end: span.end,
          });
    const nesting = this.scopes.length + 1;
    if (this.dialect.maxLambdaNesting !== undefined && nesting > this.dialect.maxLambdaNesting) {
      const message = `Lambdas and counts nest ${nesting} deep here; the ${this.dialect.name} SQL dialect compiles at most ${this.dialect.maxLambdaNesting}`;
      throw new FilterError({ kind: 'limit', message, start: span.start, end: span.end, text: this.text });
    }
    const alias = `c${nesting}`;
    const scope: Scope = { variable, alias, schemaPath, storage, members: [] };
    const parentColumn = (column: string): string =>
      parent ? `${parent.alias}.${column}` : `${this.rowTableFor(path, span)}.${column}`;
    const correlation =
      storage.kind === 'table' ? raw(`${alias}.${storage.foreignKey} = ${parentColumn(storage.key)}`) : undefined;
    let body: Frag | undefined;
    if (condition) {
      this.scopes.push(scope);
      try {
        body = condition();
      } finally {
        this.scopes.pop();
      }
    }
    const where =
      correlation && body
        ? sql` WHERE ${correlation} AND ${body}`
        : correlation || body
          ? sql` WHERE ${(correlation ?? body)!}`
          : raw('');
    if (storage.kind === 'table') return sql`FROM ${raw(storage.table)} AS ${raw(alias)}${where}`;
    const array =
      parent?.storage.kind === 'json'
        ? this.json(span).json(parent.alias, collection.path)
        : raw(parentColumn(storage.column));
    return sql`FROM ${this.json(span).elements(array, alias, scope.members)}${where}`;
  }

  /** The dialect's JSON arrays; a JSON column is refused before this for a dialect without them. */
  private json(span: Span): JsonArrays {
    if (this.dialect.jsonArrays) return this.dialect.jsonArrays;
    throw unsupported({
      construct: 'collection storage',
      target: this.dialect.name,
      message: `The ${this.dialect.name} SQL dialect does not read JSON arrays`,
      start: span.start,
      end: span.end,
      text: this.text,
    });
  }

  /** The scope of a variable bound to a JSON element, or undefined for a child table's row. */
  private jsonScope(name: string, span: Span): Scope | undefined {
    const scope = this.scopeOf(name, span);
    return scope.storage.kind === 'json' ? scope : undefined;
  }

  /** The row's table, which a collection of the row needs for its key and to keep its columns apart. */
  private rowTableFor(path: string, span: Span): string {
    if (this.rowTable !== undefined) return this.rowTable;
    const message = `The collection '${path}' is read through a subquery, which needs options.table: the row's table or alias, whose key or JSON column it reads and which qualifies the row's columns (a child table's column of the same name would shadow them)`;
    throw unsupported({
      construct: 'collection storage',
      target: this.dialect.name,
      message,
      start: span.start,
      end: span.end,
      text: this.text,
    });
  }

  /** A member read from the row or from a lambda's element: its column, or its typed JSON value. */
  private column(source: Source, path: readonly string[], type: EdmType, span: Span): Frag {
    if (source.kind === 'row') return raw(this.rowColumn({ path, start: span.start, end: span.end }));
    const scope = this.scopeOf(source.name, span);
    const storage = scope.storage;
    if (storage.kind === 'table')
      return raw(`${scope.alias}.${storage.column({ path, start: span.start, end: span.end })}`);
    // JSON holds no bytes: a Binary would be text in some encoding no dialect here decodes alike.
    if (type === 'Edm.Binary')
      throw unsupported({
        construct: 'binary in JSON',
        target: this.dialect.name,
        message: `The ${this.dialect.name} SQL dialect cannot read an Edm.Binary in a JSON column (JSON holds no bytes): store the collection in a child table`,
        start: span.start,
        end: span.end,
        text: this.text,
      });
    const key = path.join('/');
    let member = scope.members.find((m) => m.path.join('/') === key);
    if (member === undefined) {
      member = { name: `m${scope.members.length + 1}`, path, type };
      scope.members.push(member);
    }
    return this.json(span).value(scope.alias, member);
  }

  /** The lambda binding a variable: names are unique along a chain of nested lambdas. */
  private scopeOf(name: string, span: Span): Scope {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      if (this.scopes[i]!.variable === name) return this.scopes[i]!;
    }
    throw malformedTree(span, `the range variable '${name}' is read outside a lambda binding it`);
  }

  private in(node: InPredicate, mode: Mode): Frag {
    const a = this.value(node.operand);
    // The operand is used by every item's test: a non-atomic one is named once where the dialect
    // can bind, and otherwise tested in one `IN` on its equality key.
    if (!isAtomic(a.sql) && this.dialect.bind)
      return this.dialect.bind([a.sql], ([ref]) => this.inOf(node, { ...a, sql: ref! }, mode));
    return this.inOf(node, a, mode);
  }

  private inOf(node: InPredicate, a: Operand, mode: Mode): Frag {
    const d = this.dialect;
    const orNull = node.orNull && a.nullable;
    const values = node.values.map((i) => this.value(i));
    if (!isAtomic(a.sql)) {
      // Only without binding (MySQL): one use of the operand. A NULL operand makes `IN` NULL (the
      // items are non-null literals), which is TRUE when the list holds null, else FALSE.
      const key = d.plainEquality(a.type) || !d.equalityKey ? (o: Operand) => o.sql : d.equalityKey;
      const test = sql`(${key(a)} IN (${join(values.map(key), ', ')}))`;
      if (!a.nullable) return test;
      if (orNull) return sql`COALESCE(${test}, TRUE)`;
      return mode === 'true' ? test : d.falseIfNull(test);
    }
    const eqs = values.map((b) => (a.nullable && mode !== 'true' ? d.equalNullSafe(a, b) : d.equal(a, b)));
    const listed = inList(a, values, eqs, d, mode);
    return orNull ? sql`(${join([listed, sql`(${a.sql} IS NULL)`], ' OR ')})` : listed;
  }

  /** Renders a value (a Boolean one as an exact true/false/null). */
  value(node: LoweredValue): Operand {
    const d = this.dialect;
    switch (node.kind) {
      case 'constant': {
        if (node.value === null) return { sql: d.nullOf(node.type), type: node.type, nullable: true, column: false };
        if (typeof node.value === 'string' && (node.type === 'Edm.String' || node.type === 'Edm.Guid'))
          this.checkUnicode(node.value, node);
        if (node.type === 'Edm.Decimal') this.checkDecimal(String(node.value), node);
        const frag = d.literal(node.type, node.value);
        if (typeof frag === 'string') throw this.unsupported('literal', frag, node);
        return { sql: frag, type: node.type, nullable: false, column: false, literal: node.value };
      }
      case 'member':
        return {
          sql: this.column(node.source, node.path, node.type, node),
          type: node.type,
          nullable: node.nullable,
          column: true,
        };
      case 'count': {
        // A restricted count counts the elements its predicate holds for, as `exists` finds one.
        const p = node.predicate;
        const condition = p === undefined ? undefined : () => this.predicate(p, 'true');
        return {
          sql: sql`(SELECT COUNT(*) ${this.fromCollection(node.collection, node.variable, node, condition)})`,
          type: node.type,
          nullable: false,
          column: false,
        };
      }
      case 'convert': {
        const operand = this.value(node.operand);
        const range = node.operand.range;
        const beyondDouble = range !== undefined && (range[0] <= -DOUBLE_OVERFLOW || range[1] >= DOUBLE_OVERFLOW);
        const integral = node.type === 'Edm.Decimal' && isInteger(node.operand.type);
        return {
          sql: d.convert({ ...operand, beyondDouble }, node.type),
          type: node.type,
          nullable: node.nullable,
          column: false,
          integral,
        };
      }
      case 'negate': {
        this.checkIntegerRange(node);
        const operand = this.value(node.operand);
        return {
          sql: d.negate(operand),
          type: node.type,
          nullable: node.nullable,
          column: false,
          integral: operand.integral === true,
        };
      }
      case 'arithmetic': {
        this.checkIntegerRange(node);
        const [clampLeft, clampRight] = this.magnitudes?.clamps(node) ?? [false, false];
        const a = clampLeft ? this.clamped(this.value(node.left)) : this.value(node.left);
        const b = clampRight ? this.clamped(this.value(node.right)) : this.value(node.right);
        const integral = node.type === 'Edm.Decimal' && node.op !== 'div' && a.integral === true && b.integral === true;
        return {
          sql: d.arithmetic(node.op, a, b, node.type),
          type: node.type,
          nullable: node.nullable,
          column: false,
          integral,
        };
      }
      case 'temporal': {
        const a = this.value(node.left);
        const b = this.value(node.right);
        return { sql: d.temporal(node.op, a, b), type: node.type, nullable: true, column: false };
      }
      case 'call': {
        const render = d.functions[node.name];
        if (render === undefined || render === UNSUPPORTED)
          throw this.unsupported(
            node.name,
            `The function '${node.name}' is not supported by the ${d.name} SQL dialect`,
            node,
          );
        const args = node.args.map((arg) => this.value(arg));
        const integral =
          node.type === 'Edm.Decimal' && (node.name === 'round' || node.name === 'floor' || node.name === 'ceiling');
        return { sql: render(args), type: node.type, nullable: node.nullable, column: false, integral };
      }
      case 'cast': {
        const operand = this.value(node.operand);
        const rendered =
          d.cast === undefined ? `The ${d.name} SQL dialect has no casts` : d.cast(node.conversion, operand, node.type);
        const construct = `cast(${node.operand.type}, ${node.type})`;
        if (typeof rendered === 'string')
          throw this.unsupported(
            construct,
            `${construct} is not supported by the ${d.name} SQL dialect: ${rendered}`,
            node,
          );
        return { sql: rendered, type: node.type, nullable: node.nullable, column: false, integral: false };
      }
      case 'truth':
        return this.booleanValue(node, () => this.predicate(node.predicate, 'exact'));
      case 'not':
        return this.booleanValue(node, () => sql`(NOT ${this.value(node.operand).sql})`);
      case 'logical':
        return this.booleanValue(node, () =>
          chain(
            node.operands.map((o) => this.value(o).sql),
            node.op === 'and' ? ' AND ' : ' OR ',
            this.dialect.maxChainLength,
          ),
        );
      case 'functionCall': {
        // A structure passed whole would be a row value, and a collection an array or a row source,
        // which no dialect binds as one value (docs/semantics.md, "SQL backends: differences").
        const whole = node.function.parameters.find((p) => p.kind === 'structure' || p.collection);
        if (whole !== undefined)
          throw this.unsupported(
            'function_parameter',
            `Function '${node.function.name}' takes '${whole.name}' as ${describeValueType(whole)}, ${whole.collection ? 'a collection' : 'a structure'}, which the ${this.dialect.name} SQL dialect does not pass to a function`,
            node,
          );
        const frag = functionCallSql(
          node,
          this.dialect.name,
          this.functions,
          (value) => this.value(value).sql,
          (read) => this.column(read.source, read.path, read.type, node),
          (binding, expression) => this.aggregate(binding, expression, node),
          this.dialect.bind,
        );
        if (node.type === 'Edm.Boolean') return this.booleanValue(node, () => frag);
        return { sql: frag, type: node.type, nullable: true, column: false };
      }
      // An implementation's fragment is one value, not rows a path or a lambda could read
      // (docs/semantics.md, "SQL backends: differences").
      case 'result': {
        const { function: fn } = node.call;
        throw unsupported({
          construct: 'function_result',
          target: this.dialect.name,
          message: `Function '${fn.name}' returns ${describeValueType(fn.returns)}, which ${this.dialect.name} does not read through a path or a lambda: an implementation's fragment is one value, not a row source`,
          start: node.start,
          end: node.end,
          text: this.text,
        });
      }
      case 'guard': {
        // CASE takes only a true condition: one that is false or null gives the constant.
        const v = this.value(node.value);
        const render = () =>
          sql`(CASE WHEN ${this.predicate(node.condition, 'true')} THEN ${v.sql} ELSE ${this.value(node.otherwise).sql} END)`;
        if (node.type === 'Edm.Boolean') return this.booleanValue(node, render);
        return { sql: render(), type: node.type, nullable: node.nullable, column: false, integral: v.integral };
      }
      // Only a call's argument, whose call is refused above before its arguments are read.
      case 'collectionArgument':
        throw malformedTree(node, 'a collection stands outside the arguments of a call');
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** A Boolean used as a value, where the dialect's Booleans are values (docs/sql.md). */
  private booleanValue(node: LoweredValue, render: () => Frag): Operand {
    if (!this.dialect.booleanValues) {
      throw this.unsupported(
        'Boolean value',
        `The ${this.dialect.name} SQL dialect cannot use a condition as a value`,
        node,
      );
    }
    return { sql: render(), type: 'Edm.Boolean', nullable: node.nullable, column: false };
  }

  private clamped(operand: Operand): Operand {
    return {
      sql: this.dialect.decimalRange!.clamp(operand.sql),
      type: operand.type,
      nullable: operand.nullable,
      column: false,
      integral: operand.integral === true,
    };
  }

  /** An integer result the dialect cannot compute exactly on some data is refused before it runs. */
  private checkIntegerRange(node: LoweredValue): void {
    const digits = this.dialect.maxIntegerDigits;
    const range = digits === undefined ? undefined : node.range;
    if (!range) return;
    const limit = 10n ** BigInt(digits!);
    if (range[0] > -limit && range[1] < limit) return;
    const reach = (range[1] > -range[0] ? range[1] : -range[0]).toString().length;
    throw this.unsupported(
      'integer range',
      `This integer expression can reach ${reach} digits, beyond the ${digits} digits the ${this.dialect.name} SQL dialect computes exactly (DECIMAL(${digits},0))`,
      node,
    );
  }

  /** A Decimal literal beyond the model of docs/semantics.md (section 4) is refused, as in memory. */
  private checkDecimal(text: string, node: LoweredValue): void {
    const problem = decimalFromText(text);
    if (typeof problem === 'string')
      throw this.unsupported('literal', `Decimal literal ${text} is beyond the Decimal model: ${problem}`, node);
  }

  /** UTF-8 databases cannot hold a lone surrogate; a driver would silently turn it into U+FFFD. */
  private checkUnicode(value: string, node: LoweredValue): void {
    if (LONE_SURROGATE.test(value)) {
      throw this.unsupported(
        'literal',
        `This string contains a lone surrogate (not valid Unicode) and cannot be sent to ${this.dialect.name}`,
        node,
      );
    }
  }

  private unsupported(construct: string, message: string, node: LoweredValue): FilterError {
    return unsupported({
      construct,
      target: this.dialect.name,
      message,
      start: node.start,
      end: node.end,
      text: this.text,
    });
  }
}

/** 2^1024 - 2^970: the smallest magnitude that rounds to Infinity as a double. */
const DOUBLE_OVERFLOW = 2n ** 1024n - 2n ** 970n;

/**
 * `a IN (…)`: where the dialect's equality is plain `=`, on the operand's equality key (SQLite's
 * `COLLATE BINARY`); where it is not, on the equality key of both sides (MySQL's bytes), after the
 * plain `IN` of a column that lets an index narrow the rows, as `equal` does. A list is one step
 * for an engine's planner, where a chain of `OR`s can take time growing with its square to
 * prepare (docs/sql.md, "Chains"). Only without an equality key, the chain of equalities.
 */
function inList(a: Operand, items: readonly Operand[], eqs: readonly Frag[], dialect: Dialect, mode: Mode): Frag {
  if (eqs.length === 1) return eqs[0]!;
  const values = (key: (o: Operand) => Frag) => join(items.map(key), ', ');
  let list: Frag;
  if (dialect.plainEquality(a.type)) list = sql`${dialect.equalityKey?.(a) ?? a.sql} IN (${values((i) => i.sql)})`;
  else if (dialect.equalityKey) {
    const key = dialect.equalityKey;
    const keyed = sql`${key(a)} IN (${values(key)})`;
    list = a.column ? sql`${a.sql} IN (${values((i) => i.sql)}) AND ${keyed}` : keyed;
  } else return chain(eqs, ' OR ', dialect.maxChainLength);
  // A NULL operand makes `IN` NULL, which only a test wanting TRUE may take for FALSE.
  return a.nullable && mode !== 'true' ? sql`(${list} AND ${a.sql} IS NOT NULL)` : sql`(${list})`;
}
