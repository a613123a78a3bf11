import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Equality for the project's own value types (test/setup.ts).
    setupFiles: ['test/setup.ts'],
  },
});
