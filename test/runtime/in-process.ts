/** Node servers started in the test's own process on loopback, each on a free port, drained after the file's tests. */
import type { AddressInfo } from 'node:net';
import { afterAll, onTestFinished, vi } from 'vitest';
import type { Logger } from '../../src/runtime/node/log.js';
import { startServer, type RunningServer } from '../../src/runtime/node/server.js';

export const quiet: Logger = { notice: () => undefined, error: () => undefined };

export interface Served {
  running: RunningServer;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** A `serve(env)` for a test file: starts the server with `env` on 127.0.0.1; all are drained once the file's tests end. */
export function inProcessServers(): (env?: Record<string, string>) => Promise<Served> {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.drain()));
  });
  return async (env = {}) => {
    const running = startServer({ PORT: '0', HOST: '127.0.0.1', ...env }, quiet);
    servers.push(running);
    const port = ((await running.listening) as AddressInfo).port;
    return { running, port, base: `http://127.0.0.1:${port}` };
  };
}

/**
 * Rate-limit counts reset each clock minute: the test's clock (Date only; timers stay real, so the
 * server runs as usual) is held still inside one minute until the test ends, so that no reset can
 * fall within it whenever the test runs.
 */
export function holdClockInsideAMinute(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:30Z'));
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
