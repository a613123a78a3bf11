import { defineConfig } from 'vitest/config';

// 30 s a test or hook: the browser tests drive Chromium and the runtime tests start servers, and CI
// runs them on two shared cores beside each other, where vitest's 5 s default is too short; a test
// that hangs still fails. A test that needs longer says so.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
