// vitest settings for @kadena/client-utils' own integration suite (it ships in the npm package,
// written for a devnet at http://127.0.0.1:8080): run from its folder in node_modules, unchanged.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'node_modules/@kadena/client-utils/lib/esm/integration-tests',
    include: ['**/*.int.test.mjs'],
    exclude: [],
    testTimeout: 180000,
    hookTimeout: 180000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
