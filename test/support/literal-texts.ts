// Texts that are literals of a type, and near misses of them, for the properties that cast Strings
// (docs/semantics.md §11, "From text"): a valid literal of each type in every form the table of
// §11 allows (cases, leading zeros, exponents, offsets, fractions with zeros), and the same texts
// with one thing wrong — a sign too many, a digit beyond the range, a space, a letter in the
// wrong case, a prefix or a suffix, a finer fraction, another script's digit, a character left out
// or doubled. Instants lie between 1001-01-01 and 9999-01-01 (UTC) and dates within 1000–9999,
// which every engine holds (MySQL's DATETIME starts at 1000).

import fc from 'fast-check';
import { EDM_TYPES, INTEGER_RANGES, isInteger, type EdmType } from '../../src/language/edm.js';
import { formatDate, formatDuration, MAX_DURATION, MS_PER_DAY } from '../../src/semantics/temporal.js';

/** The types a String is cast to: every one but String. */
export type TextCastTarget = Exclude<EdmType, 'Edm.String'>;
export const TEXT_CAST_TARGETS: readonly TextCastTarget[] = EDM_TYPES.filter(
  (t): t is TextCastTarget => t !== 'Edm.String',
);

const pad = (n: number | bigint, width = 2): string => String(n).padStart(width, '0');

/** A word in random case: `true`, `TRUE`, `tRuE`. */
const anyCase = (word: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

/** Leading zeros after the sign, mostly none. */
const zeros = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(''), weight: 4 },
    { arbitrary: fc.nat(3).map((n) => '0'.repeat(n + 1)), weight: 1 },
  );

const signed = (negative: boolean, leading: string, digits: string): string =>
  `${negative ? '-' : ''}${leading}${digits}`;

function integerText(type: EdmType): fc.Arbitrary<string> {
  const [lo, hi] = isInteger(type) ? INTEGER_RANGES[type] : INTEGER_RANGES['Edm.Int64'];
  const value = fc.oneof(
    fc.bigInt({ min: lo, max: hi }),
    fc.constantFrom(lo, hi, lo - 1n, hi + 1n, 0n, -1n, 1n, hi * 10n),
  );
  return fc
    .tuple(value, zeros(), fc.boolean())
    .map(([v, leading, minusZero]) =>
      v === 0n && minusZero ? '-0' : signed(v < 0n, leading, String(v < 0n ? -v : v)),
    );
}

/** `-`? digits [. digits] [e[±]digits]: an exact decimal in the forms 4.01's decimalValue has. */
function decimalText(): fc.Arbitrary<string> {
  const exponent = fc.oneof(
    { arbitrary: fc.integer({ min: -30, max: 30 }), weight: 6 },
    { arbitrary: fc.constantFrom(308, 309, -324, -325, 9998, 9999, 10000, -9999, -10000, 1e9), weight: 1 },
  );
  return fc
    .tuple(
      fc.boolean(),
      zeros(),
      fc.bigInt({ min: 0n, max: 10n ** 20n }),
      fc.option(fc.bigInt({ min: 0n, max: 10n ** 20n }), { nil: undefined }),
      fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), exponent), { nil: undefined }),
    )
    .map(([negative, leading, whole, fraction, power]) => {
      const mantissa = `${leading}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
      if (power === undefined) return signed(negative, '', mantissa);
      const [e, sign, n] = power;
      const written = sign === '' && n < 0 ? `-${-n}` : `${sign === '-' ? '-' : sign}${Math.abs(n)}`;
      return signed(negative, '', `${mantissa}${e}${written}`);
    });
}

/** A Double's text: JavaScript's shortest for any double, a decimal's, the words, the range's ends. */
function doubleText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.double().map((d) => (Number.isNaN(d) ? 'NaN' : d === Infinity ? 'INF' : d === -Infinity ? '-INF' : String(d))),
    decimalText(),
    fc.constantFrom(
      'NaN',
      'INF',
      '-INF',
      '1.7976931348623157e308',
      '1.7976931348623159e308',
      '-1.7976931348623158e308',
      '5e-324',
      '2.4703282292062327e-324',
      '2.4703282292062328e-324',
      '1e-400',
      '9007199254740993',
    ),
  );
}

/** A day of the years 1000–9999, `YYYY-MM-DD`. */
const dateDays = fc.integer({ min: -354_285, max: 2_932_896 });

function timeText(): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 0, max: MS_PER_DAY - 1 }), fc.nat(4), fc.nat(10)).map(([ms, form, extraZeros]) => {
    const [h, m, s, f] = [
      Math.floor(ms / 3_600_000),
      Math.floor(ms / 60_000) % 60,
      Math.floor(ms / 1000) % 60,
      ms % 1000,
    ];
    const base = `${pad(h)}:${pad(m)}`;
    if (form === 0) return base;
    if (form === 1) return `${base}:${pad(s)}`;
    const fraction = form === 2 ? pad(f, 3).replace(/0+$/, '') || '0' : pad(f, 3);
    return `${base}:${pad(s)}.${fraction}${'0'.repeat(form === 4 ? extraZeros : 0)}`;
  });
}

/** A Duration's text: the shortest, or its parts spread over other units (`PT36H`, `PT90S`). */
function durationText(): fc.Arbitrary<string> {
  const ms = fc.oneof(
    fc.integer({ min: -MAX_DURATION, max: MAX_DURATION }),
    fc.integer({ min: -10 * MS_PER_DAY, max: 10 * MS_PER_DAY }),
    fc.constantFrom(0, MAX_DURATION, -MAX_DURATION, MAX_DURATION + 1),
  );
  return fc.tuple(ms, fc.nat(2)).map(([v, form]) => {
    if (form === 0 || Math.abs(v) > MAX_DURATION) {
      if (Math.abs(v) <= MAX_DURATION) return formatDuration(v);
      return `PT${Math.floor(Math.abs(v) / 1000)}.${pad(Math.abs(v) % 1000, 3)}S`;
    }
    const sign = v < 0 ? '-' : '';
    const a = Math.abs(v);
    const fraction = a % 1000 === 0 ? '' : `.${pad(a % 1000, 3)}`;
    return form === 1
      ? `${sign}PT${Math.floor(a / 3_600_000)}H${Math.floor(a / 60_000) % 60}M${Math.floor(a / 1000) % 60}${fraction}S`
      : `${sign}PT${Math.floor(a / 1000)}${fraction}S`;
  });
}

function guidText(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.uuid(), fc.constantFrom('lower', 'upper', 'mixed'))
    .map(([g, form]) =>
      form === 'lower'
        ? g
        : form === 'upper'
          ? g.toUpperCase()
          : g.replace(/[a-f]/g, (c, i) => (i % 2 ? c.toUpperCase() : c)),
    );
}

/** A date-time literal's text of an instant from 1001 to 9999-01-01 (UTC), at an offset, with `T` or `t`, `Z` or `z`. */
function instantText(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: -30_578_688_000_000, max: 253_370_764_800_000 }),
      fc.constantFrom(0, 60, -60, 330, -840, 840, 90),
      fc.constantFrom('Z', 'z', 'none', ':', ''),
      fc.constantFrom('T', 't'),
      fc.nat(2),
    )
    .map(([ms, offset, zone, t, precision]) => {
      const local = new Date(ms + offset * 60_000);
      let text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}${t}${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
      if (precision > 0) text += `:${pad(local.getUTCSeconds())}`;
      if (precision > 1) text += `.${pad(local.getUTCMilliseconds(), 3)}`;
      if (offset === 0 && (zone === 'Z' || zone === 'z')) return `${text}${zone}`;
      if (offset === 0 && zone === 'none') return text;
      const a = Math.abs(offset);
      return `${text}${offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}${zone === '' ? '' : ':'}${pad(a % 60)}`;
    });
}

/** A valid literal text of the type (some of the integers, doubles and durations beyond its range). */
export function literalText(type: TextCastTarget | 'Edm.String'): fc.Arbitrary<string> {
  switch (type) {
    case 'Edm.String':
      return fc.string();
    case 'Edm.Boolean':
      return fc.constantFrom('true', 'false').chain(anyCase);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
      return integerText(type);
    case 'Edm.Decimal':
      return decimalText();
    case 'Edm.Double':
    case 'Edm.Single':
      return doubleText();
    case 'Edm.Date':
      return dateDays.map(formatDate);
    case 'Edm.TimeOfDay':
      return timeText();
    case 'Edm.Duration':
      return durationText();
    case 'Edm.Guid':
      return guidText();
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return instantText();
    case 'Edm.Binary':
      return binaryText();
  }
}

/** base64url of up to 12 bytes, padded or not. */
function binaryText(): fc.Arbitrary<string> {
  return fc.tuple(fc.uint8Array({ maxLength: 12 }), fc.boolean()).map(([bytes, padded]) => {
    const text = Buffer.from(bytes).toString('base64url');
    return padded ? text.padEnd(Math.ceil(text.length / 4) * 4, '=') : text;
  });
}

const OTHER_DIGITS = ['０', '٣', '５', '𝟙'];
const PREFIXES = ["guid'", "duration'", "datetime'", "time'", "X'"];
const SUFFIXES = ['L', 'l', 'm', 'M', 'd', 'D', 'f', 'F'];

/** The text with one thing wrong (which may, by chance, leave it a literal). */
export function nearMiss(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.nat(12), fc.nat(), fc.nat()).map(([t, kind, i, j]) => {
    const at = t.length === 0 ? 0 : i % t.length;
    switch (kind) {
      case 0:
        return `+${t}`;
      case 1:
        return `-${t}`;
      case 2:
        return [` ${t}`, `${t} `, `${t}\n`, `\t${t}`][j % 4]!;
      case 3: {
        // A letter in the other case.
        const letters = [...t.matchAll(/[A-Za-z]/g)].map((m) => m.index);
        if (letters.length === 0) return `${t}${SUFFIXES[j % SUFFIXES.length]}`;
        const k = letters[j % letters.length]!;
        const c = t[k]!;
        return t.slice(0, k) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + t.slice(k + 1);
      }
      case 4:
        // A digit more: beyond a range, a 13th fractional digit, a longer part.
        return t.slice(0, at) + String(j % 10) + t.slice(at);
      case 5:
        return `${t}${j % 2 === 0 ? '0' : '1'}`;
      case 6:
        return t.slice(0, at) + t.slice(at + 1);
      case 7:
        return t.slice(0, at) + t.slice(at, at + 1) + t.slice(at);
      case 8: {
        const digits = [...t.matchAll(/[0-9]/g)].map((m) => m.index);
        if (digits.length === 0) return `${t}${OTHER_DIGITS[j % OTHER_DIGITS.length]}`;
        const k = digits[j % digits.length]!;
        return t.slice(0, k) + OTHER_DIGITS[j % OTHER_DIGITS.length] + t.slice(k + 1);
      }
      case 9:
        return `${t}${SUFFIXES[j % SUFFIXES.length]}`;
      case 10:
        return `${PREFIXES[j % PREFIXES.length]}${t}'`;
      case 11:
        return t.slice(0, at) + ['.', ',', ':', '-', 'T', 'e', 'E', 'P', 'S'][j % 9] + t.slice(at);
      default:
        return `${t}.${'0'.repeat(12)}${j % 2}`;
    }
  });
}

/** A text cast to the type: mostly a literal of it, else a near miss. */
export function castText(type: TextCastTarget): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: literalText(type), weight: 3 }, { arbitrary: nearMiss(literalText(type)), weight: 2 });
}

/** A text cast to some type: a literal of one of them, or a near miss. */
export function anyCastText(): fc.Arbitrary<string> {
  return fc.constantFrom(...TEXT_CAST_TARGETS).chain(castText);
}
