/**
 * The small doors of issue 58 (item 7), on a real server: GET, HEAD and PUT of /api/reprice are
 * 405s that say it takes POST; a door id with two @ is a 400, not "Its doors: ."; the Hosts
 * `localhost:` (an empty port) and `[::FFFF:127.0.0.1]` are served; a POST declaring a body larger
 * than any this server takes gets its refusal without 100 Continue.
 */
import { describe, expect, it } from 'vitest';
import { inProcessServers } from './in-process.js';
import { open, parseResponse, readUntilClosed } from './raw-http.js';

const serve = inProcessServers();

/** Sends `text` on a new connection and reads everything until the server closes it. */
async function raw(port: number, text: string): Promise<string> {
  const socket = await open(port);
  const read = readUntilClosed(socket);
  socket.write(text);
  return read;
}

describe('refusals a client can act on (issue 58, item 7)', () => {
  it('GET, HEAD and PUT /api/reprice: 405 with Allow: POST, OPTIONS; elsewhere Allow stays GET, HEAD, OPTIONS', async () => {
    const { base } = await serve();
    for (const method of ['GET', 'HEAD', 'PUT']) {
      const res = await fetch(`${base}/api/reprice`, { method, headers: { connection: 'close' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST, OPTIONS');
      if (method !== 'HEAD') expect((await res.json()).error.message).toContain('takes POST');
    }
    const put = await fetch(`${base}/api/pricing`, { method: 'PUT', headers: { connection: 'close' } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('a door id with two @ is a 400 naming the parameter', async () => {
    const { base } = await serve();
    const res = await fetch(`${base}/api/pricing?model=openai-gpt-5@azure@x`);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ param: 'model', code: 'invalid_parameter' });
    expect(error.message).not.toContain('Its doors: .');
  });

  it('Hosts with an empty port or an IPv6 address in capitals are served', async () => {
    const { port } = await serve();
    for (const host of ['localhost:', '[::FFFF:127.0.0.1]', 'LOCALHOST:']) {
      const text = await raw(port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(parseResponse(text).status, host).toBe(200);
    }
  });

  it('Expect: 100-continue with a declared 5 MiB body: the 413 without 100 Continue; 1 KiB: 100 Continue, then the answer', async () => {
    const { port } = await serve();
    const big = await raw(
      port,
      `POST /api/reprice HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${5 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(big.startsWith('HTTP/1.1 413')).toBe(true);
    expect(big).not.toContain('100 Continue');
    const body = 'date,model\n2026-11-01,openai-gpt-5\n';
    const socket = await open(port);
    const read = readUntilClosed(socket);
    socket.write(
      `POST /api/reprice HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    socket.once('data', () => socket.write(body));
    const small = await read;
    expect(small.startsWith('HTTP/1.1 100 Continue')).toBe(true);
    expect(small).toContain('HTTP/1.1 200');
  });
});
