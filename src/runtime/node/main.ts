/**
 * The Node entry and its process wiring: start the server (or, with WORKERS > 1, a cluster of
 * them), reload the catalogue on SIGHUP (and on file changes with WATCH_DATA), drain on SIGTERM.
 */
import { realpathSync, watch } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startCluster } from './cluster.js';
import { jsonLogger, type Logger } from './log.js';
import { readRuntimeConfig } from './options.js';
import { startServer, type RunningServer } from './server.js';

/** SIGHUP reloads, SIGTERM and SIGINT drain then exit; a second signal exits at once. */
export function handleSignals(running: RunningServer, log: Logger): void {
  process.on('SIGHUP', () => void running.reload());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const drained = running.drain();
    // Logged once the listening socket is closed, so that whoever reads it finds new connections refused.
    log.notice(`${signal}: draining`, { drainTimeoutMs: running.config.limits.drainTimeoutMs });
    void drained.then(({ forced }) => {
      log.notice(forced ? 'drain timed out; remaining connections closed' : 'drained; exiting', { forced });
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** WATCH_DATA: reload once the data directory has been quiet for 300 ms after a change (editors write in bursts). */
export function watchData(running: RunningServer): () => void {
  let timer: NodeJS.Timeout | undefined;
  // Recursive: the doors (data/offers/) and the evidence (data/quality/) are data too.
  const watcher = watch(running.dataDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void running.reload(), 300);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

/**
 * Whether node was asked to run this file. Node names the module by its real path (or, with
 * --preserve-symlinks-main, by the link) and gives argv[1] as typed, so a server started through a
 * symbolic link (a release directory behind a `current` link) is compared by real path on both
 * sides.
 */
function isMainModule(): boolean {
  const main = process.argv[1];
  if (!main) return false;
  try {
    return realpathSync(main) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/**
 * Serves, or, with WORKERS > 1, becomes the cluster's primary, whose forked workers serve. A bad
 * setting (WORKERS included) stops the start with a line that names it, not a stack trace.
 */
function main(): void {
  try {
    if (startCluster(process.env)) return;
    const log = jsonLogger(readRuntimeConfig(process.env).logLevel);
    const running = startServer(process.env, log);
    handleSignals(running, log);
    if (running.config.watchData) watchData(running);
    running.listening.catch((err: Error) => {
      log.error(`ai-model-pricing: cannot listen: ${err.message}`);
      process.exit(1);
    });
  } catch (err) {
    console.error(`ai-model-pricing: cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
}

if (isMainModule()) main();
