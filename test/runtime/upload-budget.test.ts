/**
 * Uploads inside the process's memory budget (issue 58): bodies being received reserve their bytes
 * in MAX_UNSENT_BYTES's budget, at most half of it, so that uploads held open (the last chunk never
 * sent) cannot grow the process past it; the one past it gets a 503 with Retry-After, and what a
 * connection reserved is given back when it goes; an upload broken off is one log line, without a
 * stack, at most one a second.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { rateLimitedLine } from '../../src/runtime/node/log.js';
import { MemoryBudget } from '../../src/runtime/node/memory-budget.js';
import { startServer } from '../../src/runtime/node/server.js';
import { inProcessServers } from './in-process.js';
import { open, parseResponse } from './raw-http.js';

describe('MemoryBudget reservations', () => {
  it('refuses a reservation past half the bound or past the bound with what answers hold, and never cuts for one', () => {
    const budget = new MemoryBudget(1000, 10);
    expect(budget.reserve(400)).toBe(true);
    expect(budget.reserve(101)).toBe(false);
    expect(budget.reserve(100)).toBe(true);
    expect(budget.reserved).toBe(500);
    expect(budget.pressed).toBe(true);
    budget.release(500);
    expect(budget.reserved).toBe(0);
    expect(budget.pressed).toBe(false);
    // Answers held count against reservations; reservations never make the budget cut a reader.
    let cut = 0;
    const holder = { held: 0, cut: () => (cut += 1) };
    budget.charge(holder, 700);
    expect(budget.reserve(400)).toBe(false);
    expect(budget.reserve(300)).toBe(true);
    budget.charge(holder, 0);
    expect(cut).toBe(0);
  });
});

describe('uploads held open on a real server', () => {
  const serve = inProcessServers();

  it('hold at most half the budget: the upload past it gets a 503, and all is given back when they go', async () => {
    const { running, port } = await serve({ MAX_UNSENT_BYTES: String(1024 * 1024) });
    const chunk = `${'x'.repeat(200 * 1024)}`;
    const sockets = await Promise.all([0, 1, 2, 3].map(() => open(port)));
    const texts = sockets.map((s) => {
      const got = { text: '' };
      s.setEncoding('latin1');
      s.on('data', (c: string) => (got.text += c));
      s.on('error', () => undefined);
      return got;
    });
    // Each: a chunked POST of 200 KiB whose last chunk is never sent.
    for (const s of sockets) {
      s.write(
        `POST /api/reprice HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      s.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }
    // Two fit in half the budget (512 KiB); the others are refused as their bytes arrive.
    await vi.waitFor(() => expect(texts.filter((t) => t.text.startsWith('HTTP/1.1 503')).length).toBe(2), {
      timeout: 20_000,
      interval: 20,
    });
    expect(running.memory.reserved).toBe(2 * 200 * 1024);
    const refused = parseResponse(texts.find((t) => t.text.startsWith('HTTP/1.1 503'))!.text);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).error.code).toBe('busy');
    for (const s of sockets) s.destroy();
    await vi.waitFor(() => expect(running.memory.reserved).toBe(0), { timeout: 20_000, interval: 20 });
  }, 60_000);
});

describe('uploads broken off', () => {
  it('rateLimitedLine writes at most one line a second, saying how many it left out', () => {
    const lines: Array<Record<string, unknown>> = [];
    let now = 0;
    const line = rateLimitedLine(
      (_, fields) => lines.push(fields),
      'x',
      1000,
      () => now,
    );
    for (let i = 0; i < 5; i++) line({ i });
    expect(lines).toEqual([{ i: 0 }]);
    now = 1000;
    line({ i: 5 });
    expect(lines).toEqual([{ i: 0 }, { i: 5, leftOut: 4 }]);
  });

  it('one aborted upload is one log line of fields, not a stack', async () => {
    const errors: Array<[string, Record<string, unknown> | undefined]> = [];
    const running = startServer(
      { PORT: '0', HOST: '127.0.0.1' },
      { notice: () => undefined, error: (message, fields) => errors.push([message, fields]) },
    );
    try {
      const { port } = (await running.listening) as AddressInfo;
      const socket = await open(port);
      socket.on('error', () => undefined);
      socket.write('POST /api/reprice HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\ndate,model\n');
      await vi.waitFor(() => expect(running.memory.reserved).toBe(100_000), { timeout: 20_000, interval: 20 });
      socket.destroy();
      await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 20_000, interval: 20 });
      expect(errors[0]).toEqual(['upload not received whole', { method: 'POST', path: '/api/reprice', status: null }]);
      await vi.waitFor(() => expect(running.memory.reserved).toBe(0), { timeout: 20_000, interval: 20 });
    } finally {
      await running.drain();
    }
  }, 60_000);
});
