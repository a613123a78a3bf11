/**
 * The server's connections: a cap per client address (on a real server), and, on stand-in
 * sockets under a fake clock, the stall rule (cut one SOCKET_TIMEOUT_MS after the last byte
 * moved), the drain's close of idle connections only, and the memory budget's choice of whom to cut.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connections, type Conn } from '../../src/runtime/node/connections.js';
import { MemoryBudget, type Holder } from '../../src/runtime/node/memory-budget.js';
import { readRuntimeConfig } from '../../src/runtime/node/options.js';
import { inProcessServers } from './in-process.js';
import { open, parseResponse, readUntilClosed } from './raw-http.js';

const serve = inProcessServers();

/** Sends one keep-alive request on `socket` and resolves with its answer once whole (Content-Length). */
function ask(socket: Socket, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const res = parseResponse(text);
      const length = Number(res.headers['content-length']);
      if (text.includes('\r\n\r\n') && Buffer.byteLength(res.body, 'latin1') >= length) {
        socket.off('data', onData);
        resolve({ status: res.status, body: res.body });
      }
    };
    socket.on('data', onData);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

describe('configuration', () => {
  it('caps connections per address at 128 by default, not at all behind trusted proxies unless set, and budgets 32 MiB', () => {
    const limits = (env: Record<string, string>) => readRuntimeConfig(env).limits;
    expect(limits({}).maxConnectionsPerAddress).toBe(128);
    expect(limits({ TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(limits({ TRUST_PROXY: 'false' }).maxConnectionsPerAddress).toBe(128);
    expect(limits({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '5000' }).maxConnectionsPerAddress).toBe(5000);
    expect(limits({}).maxUnsentBytes).toBe(32 * 1024 * 1024);
    expect(() => limits({ MAX_UNSENT_BYTES: '1000' })).toThrow(/MAX_UNSENT_BYTES/);
    expect(() => limits({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});

describe('connections per address', () => {
  it('refuses one past MAX_CONNECTIONS_PER_ADDRESS with a 429, keeps serving the others, and accepts again once one closes', async () => {
    const { port, running } = await serve({ MAX_CONNECTIONS_PER_ADDRESS: '4' });
    const serverSides: Socket[] = [];
    running.server.on('connection', (s: Socket) => serverSides.push(s));
    const clients = await Promise.all(Array.from({ length: 4 }, () => open(port)));
    for (const c of clients) expect((await ask(c, '/healthz')).status).toBe(200);

    const refused = parseResponse(await readUntilClosed(await open(port)));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { status: 429, code: 'too_many_connections' } });
    expect(running.connections.refused).toBe(1);
    expect((await ask(clients[0]!, '/healthz')).status).toBe(200);

    const closed = new Promise((resolve) => serverSides[0]!.once('close', resolve));
    clients[0]!.destroy();
    await closed;
    const again = await open(port);
    expect((await ask(again, '/healthz')).status).toBe(200);
    for (const c of [...clients, again]) c.destroy();
  });
});

/** A stand-in for a server-side socket: what Connections reads of one, and destroy(). */
class FakeSocket extends EventEmitter {
  remoteAddress = '192.0.2.1';
  bytesRead = 0;
  bytesWritten = 0;
  writableLength = 0;
  destroyed = false;
  destroy(): this {
    if (!this.destroyed) {
      this.destroyed = true;
      this.emit('close');
    }
    return this;
  }
}

function accepted(connections: Connections): { socket: FakeSocket; conn: Conn } {
  const socket = new FakeSocket();
  connections.accept(socket as unknown as Socket);
  const conn = connections.of(socket as unknown as Socket);
  if (conn === undefined) throw new Error('not accepted');
  return { socket, conn };
}

describe('the stall rule (a fake clock)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cuts a connection with answers to send one SOCKET_TIMEOUT_MS (within a tenth) after the last byte moved, whatever it has waiting', () => {
    vi.useFakeTimers();
    const T = 1000;
    const connections = new Connections({ maxConnectionsPerAddress: 0, socketTimeoutMs: T }, new MemoryBudget(1 << 20));
    const { socket, conn } = accepted(connections);
    conn.inProgress = 16;
    conn.waiting.length = 100;
    vi.advanceTimersByTime(T / 2);
    // Some bytes move: the kernel took part of an answer.
    socket.bytesWritten += 1000;
    vi.advanceTimersByTime(T / 10);
    expect(socket.destroyed).toBe(false);
    // A full timeout after that look, not before.
    vi.advanceTimersByTime(T - T / 10 - 1);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(T / 10 + 1);
    expect(socket.destroyed).toBe(true);
    expect(connections.counters.stalled).toBe(1);
  });

  it('leaves alone a connection whose bytes keep moving, and one with nothing in progress', () => {
    vi.useFakeTimers();
    const T = 1000;
    const connections = new Connections({ maxConnectionsPerAddress: 0, socketTimeoutMs: T }, new MemoryBudget(1 << 20));
    const moving = accepted(connections);
    moving.conn.inProgress = 1;
    const idle = accepted(connections);
    for (let i = 0; i < 50; i++) {
      moving.socket.bytesRead += 1;
      vi.advanceTimersByTime(T / 2);
    }
    expect(moving.socket.destroyed).toBe(false);
    expect(idle.socket.destroyed).toBe(false);
    expect(connections.counters.stalled).toBe(0);
  });
});

describe('the drain', () => {
  it('closes idle connections at once, and the others once their answers are written and no request is arriving', () => {
    const connections = new Connections(
      { maxConnectionsPerAddress: 0, socketTimeoutMs: 1000 },
      new MemoryBudget(1 << 20),
    );
    const idle = accepted(connections);
    idle.conn.readAtRequest = idle.socket.bytesRead = 120;
    const unflushed = accepted(connections);
    unflushed.conn.readAtRequest = unflushed.socket.bytesRead = 80;
    unflushed.socket.writableLength = 1_000_000;
    const answering = accepted(connections);
    answering.conn.readAtRequest = answering.socket.bytesRead = 60;
    answering.conn.inProgress = 1;
    const arriving = accepted(connections);
    arriving.socket.bytesRead = 30;
    const fresh = accepted(connections);

    connections.closeIdle();
    expect([idle, unflushed, answering, arriving, fresh].map((c) => c.socket.destroyed)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);

    answering.conn.inProgress = 0;
    connections.settled(answering.conn);
    expect(answering.socket.destroyed).toBe(true);
    unflushed.socket.writableLength = 0;
    connections.settled(unflushed.conn);
    expect(unflushed.socket.destroyed).toBe(true);
    expect(arriving.socket.destroyed).toBe(false);
  });
});

describe('the memory budget', () => {
  const holder = (): Holder & { cuts: number } => {
    const h = { held: 0, cuts: 0, cut: () => (h.cuts += 1) };
    return h;
  };

  it('past its bound cuts the largest holders first until back under it, and stops counting what they held', () => {
    const budget = new MemoryBudget(100);
    const [small, middle, large] = [holder(), holder(), holder()];
    budget.charge(small, 10);
    budget.charge(large, 50);
    budget.charge(middle, 30);
    expect(budget.total).toBe(90);
    expect(budget.evicted).toBe(0);
    // 30 more for the middle one: 120 > 100; the largest (middle, 60) goes, 60 left.
    budget.charge(middle, 30);
    expect([small.cuts, middle.cuts, large.cuts]).toEqual([0, 1, 0]);
    expect(budget.total).toBe(60);
    budget.discharge(large, 50);
    budget.discharge(small, 10);
    expect(budget.total).toBe(0);
  });

  it('is pressed from half its bound, counting answers being made as the largest made so far', () => {
    const budget = new MemoryBudget(1 << 20);
    expect(budget.pressed).toBe(false);
    budget.beginMaking();
    budget.endMaking(200 * 1024);
    // Two answers being made, reckoned at 200 KiB each: 400 KiB, under half of 1 MiB.
    budget.beginMaking();
    budget.beginMaking();
    expect(budget.pressed).toBe(false);
    budget.beginMaking();
    expect(budget.pressed).toBe(true);
  });
});
