import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'service/test/**/*.test.ts'],
    // Type tests (*.test-d.ts) pin what the types promise; tsc checks them, and they report as tests.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // Property tests and real database engines share two cores: keep files from starving each other.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
