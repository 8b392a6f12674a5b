// The typed rendering the checker tables compare against: printTyped() from the package.

export { printTyped as renderTyped } from '../../src/print-typed.js';
