/**
 * SIGTERM lets answers already being written finish: six clients that read the 1.45 MB API
 * reference script slowly (paused when the signal arrives, more than the kernel buffers still in
 * the server) each receive every byte of their four answers, and the server exits 0 unforced.
 */
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtDocsJs } from './built-assets.js';
import { open } from './raw-http.js';
import { bundleServer, spawnServer, type Child } from './spawn-server.js';

let bundle: string;
let docsJs: Buffer;
const children: Child[] = [];

beforeAll(async () => {
  docsJs = await builtDocsJs();
  bundle = await bundleServer();
}, 60_000);
afterAll(() => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  rmSync(bundle, { force: true });
});

/** Everything read from a socket until the server closes it, as bytes. */
function bytesUntilClosed(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks))));
}

/** Splits pipelined HTTP/1.1 answers with Content-Length into status and body. */
function answers(bytes: Buffer): { status: number; body: Buffer }[] {
  const out: { status: number; body: Buffer }[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end === -1) break;
    const head = bytes.subarray(at, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
    out.push({ status: Number(head.split(' ')[1]), body: bytes.subarray(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
  return out;
}

describe('SIGTERM during slow downloads', () => {
  it('lets six clients reading /assets/docs.js slowly receive all of their answers, then exits 0', async () => {
    const child = await spawnServer(bundle, { DRAIN_TIMEOUT_MS: '120000', SOCKET_TIMEOUT_MS: '120000' });
    children.push(child);
    const clients = await Promise.all(Array.from({ length: 6 }, () => open(child.port)));
    const received = clients.map((socket) => {
      const bytes = bytesUntilClosed(socket);
      // Four answers of 1.45 MB each, asked at once (keep-alive: the server closes the connection
      // as it drains): more than the kernel holds for a client that does not read.
      socket.write(Array.from({ length: 4 }, () => 'GET /assets/docs.js HTTP/1.1\r\nHost: localhost\r\n\r\n').join(''));
      return bytes;
    });
    // Each client reads the start of its first answer, then stops reading: the server has read its
    // four requests (one segment) and made their answers.
    await Promise.all(
      clients.map(
        (socket) =>
          new Promise<void>((resolve) =>
            socket.once('data', () => {
              socket.pause();
              resolve();
            }),
          ),
      ),
    );

    child.process.kill('SIGTERM');
    await child.line((l) => l.includes('SIGTERM: draining'));
    await expect(open(child.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    for (const socket of clients) socket.resume();

    for (const bytes of await Promise.all(received)) {
      const got = answers(bytes);
      expect(got.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      for (const a of got) expect(a.body.equals(docsJs)).toBe(true);
      expect(bytes.length).toBeGreaterThan(4 * docsJs.length);
    }
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.stdout.some((l) => l.includes('drained; exiting') && l.includes('"forced":false'))).toBe(true);
  }, 60_000);
});
