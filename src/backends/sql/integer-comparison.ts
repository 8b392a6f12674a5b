// The exact integer rewrite of an integer column compared with a Decimal or Double literal now
// belongs to the lowering stage, valid on every backend; re-exported here for the SQL compiler.

export { integerComparison } from '../../lower/integer-comparison.js';
