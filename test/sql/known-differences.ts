// Where an engine cannot give the reference's answer, the exact answer it gives instead; each is
// explained in docs/semantics.md, "SQL backends: differences". A change either way fails a test.

export type EngineName = 'postgres' | 'sqlite' | 'mysql';

export interface KnownDifference {
  readonly filter: string;
  readonly engines: readonly EngineName[];
  /** The ids the engine returns instead of the reference's. */
  readonly ids?: readonly number[];
  /** The dialect rejects the filter with a FilterError of kind 'unsupported'. */
  readonly unsupported?: boolean;
}

const ALL: readonly EngineName[] = ['postgres', 'sqlite', 'mysql'];
const NO_NON_FINITE: readonly EngineName[] = ['sqlite', 'mysql'];

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  // Case mapping: PostgreSQL and MariaDB map one code point to one (no ß → SS, no İ → i̇);
  // SQLite maps ASCII only.
  { filter: "toupper(Name) eq 'STRASSE'", engines: ALL, ids: [] },
  { filter: "toupper(Code) eq 'STRASSE'", engines: ['postgres'], ids: [] },
  { filter: "tolower(Address/City) eq 'i̇stanbul'", engines: ['postgres'], ids: [] },
  { filter: "toupper(Code) eq 'Ǆ'", engines: ['sqlite'], ids: [] },
  { filter: "tolower(Name) eq 'ω'", engines: ['sqlite'], ids: [] },
  // Decimal division: the engines' own precision, not 34 significant digits.
  { filter: 'Price div 3 eq 0.03333333333333333333333333333333333', engines: ['postgres'], ids: [] },
  { filter: '1m div 3m eq 0.3333333333333333333333333333333333m', engines: ['postgres', 'mysql'], ids: [] },
  { filter: '2m div 3m eq 0.6666666666666666666666666666666667m', engines: ['postgres', 'mysql'], ids: [] },
  { filter: '1 divby 3 eq 0.3333333333333333333333333333333333m', engines: ['postgres', 'mysql'], ids: [] },
  // PostgreSQL's quotient keeps 16 significant digits and its operands' scale (0 for an integer):
  // a 19-digit quotient has no fraction.
  { filter: 'Big divby 2 eq 4611686018427387903.5', engines: ['postgres'], ids: [] },
  // MariaDB DECIMAL holds 65 digits, 30 after the point.
  {
    filter: 'Price mul Price eq 99999999999999999999999999980000000000000000000000000001m',
    engines: ['sqlite', 'mysql'],
    ids: [],
  },
  // SQLite: Decimal is REAL, and integer results beyond 64 bits become REAL.
  { filter: 'Big sub 1 lt -9223372036854775808', engines: ['sqlite'], ids: [] },
  { filter: '0.1 add 0.2 eq 0.3', engines: ['sqlite'], ids: [] },
  { filter: 'Price mod 2 eq 1.99', engines: ['sqlite'], ids: [] },
  // A structure has no column: one whose member columns are all NULL reads as null (row 6's
  // Address is {}, row 7's Geo is { Lat: null }). SQLite and MariaDB leave those rows out (they
  // hold non-finite doubles); structure-null.test.ts pins the same answer on every engine.
  { filter: 'Address eq null', engines: ['postgres'], ids: [3, 4, 6, 10, 11] },
  { filter: 'null eq Address', engines: ['postgres'], ids: [3, 4, 6, 10, 11] },
  { filter: 'Address ne null', engines: ['postgres'], ids: [1, 2, 5, 7, 8, 9, 12] },
  { filter: 'not (Address eq null)', engines: ['postgres'], ids: [1, 2, 5, 7, 8, 9, 12] },
  { filter: 'Address/Geo eq null', engines: ['postgres'], ids: [2, 3, 4, 5, 6, 7, 9, 10, 11] },
  { filter: 'Address/Geo ne null', engines: ['postgres'], ids: [1, 8, 12] },
  { filter: 'Address ne null and Address/City eq null', engines: ['postgres'], ids: [] },
  { filter: 'Address/Geo ne null and Address/Geo/Lat eq null', engines: ['postgres'], ids: [] },
  { filter: '(Address eq null) eq Active', engines: ['postgres'], ids: [2, 9, 10] },
  { filter: '(Address/Geo ne null) ne (Address/Geo/Lat ne null)', engines: ['postgres'], ids: [] },
  // A structure's value asks the structure present, and its nested members by the same reading.
  { filter: 'Address eq {"City":null,"Zip":null,"Geo":null}', engines: ['postgres'], ids: [] },
  { filter: 'Address eq {"City":"\u0130stanbul","Zip":"34000","Geo":{"Lat":null}}', engines: ['postgres'], ids: [] },
  { filter: 'Address eq {"City":"\u0130stanbul","Zip":"34000","Geo":null}', engines: ['postgres'], ids: [7] },
  // NaN (and in MariaDB ±Infinity) cannot be stored or bound: such literals are 'unsupported'.
  ...[
    'Score eq NaN',
    'Score ne NaN',
    'Score ge NaN',
    'Score le NaN',
    'Score gt NaN',
    'Score lt NaN',
    'Score sub Score eq NaN',
    'round(Score) eq NaN',
    'Score in (NaN, 2.5)',
  ].map((filter): KnownDifference => ({ filter, engines: NO_NON_FINITE, unsupported: true })),
  ...['Score eq INF', 'Score eq -INF', 'Score mul 10 eq INF', 'round(Score) eq INF', 'floor(Score) eq -INF'].map(
    (filter): KnownDifference => ({ filter, engines: ['mysql'], unsupported: true }),
  ),
];
