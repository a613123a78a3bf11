/** Path of the CLI bundle (dist/cli.mjs). */
export const CLI_BUNDLE: string;
/** Bundles src/cli/main.ts into dist/cli.mjs (atomically). */
export function buildCli(): Promise<void>;
