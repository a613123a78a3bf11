/**
 * Direct answers written in batches: queued in order, written together, one failure isolated; and
 * Node's refusal of a malformed request pipelined behind an answer, which must not cut it off.
 */
import type { AddressInfo, Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedWriter, MAX_BATCH } from '../../src/runtime/batched-writes.js';
import { answerClientError, startServer, type Logger, type RunningServer } from '../../src/runtime/node.js';
import { open, parseResponse, readUntilClosed } from './raw-http.js';

/** A stand-in response that records what is written to it, in a log shared by all of them. */
function fakeResponse(name: string, log: string[], failing = false): ServerResponse {
  const res = {
    writeHead(status: number) {
      if (failing) throw new Error(`${name} cannot be written`);
      log.push(`${name} head ${status}`);
      return res;
    },
    end(body?: Uint8Array) {
      log.push(`${name} end ${body === undefined ? 'none' : new TextDecoder().decode(body)}`);
      return res;
    },
    destroy() {
      log.push(`${name} destroyed`);
      return res;
    },
  };
  return res as unknown as ServerResponse;
}

describe('batchedWriter', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('writes nothing until the scheduled flush, then every queued answer in order; a new batch schedules again', () => {
    const log: string[] = [];
    const flushes: (() => void)[] = [];
    const writer = batchedWriter(() => undefined, (flush) => flushes.push(flush));
    writer.write(fakeResponse('a', log), 200, {}, bytes('A'));
    writer.write(fakeResponse('b', log), 304, {}, null);
    writer.write(fakeResponse('c', log), 200, {}, bytes('C'));
    expect(log).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]?.();
    expect(log).toEqual(['a head 200', 'a end A', 'b head 304', 'b end none', 'c head 200', 'c end C']);
    writer.write(fakeResponse('d', log), 200, {}, bytes('D'));
    expect(flushes).toHaveLength(2);
    flushes[1]?.();
    expect(log.slice(6)).toEqual(['d head 200', 'd end D']);
  });

  it('writes what is queued at once when asked to flush, and a later scheduled flush then writes nothing twice', () => {
    const log: string[] = [];
    const flushes: (() => void)[] = [];
    const writer = batchedWriter(() => undefined, (flush) => flushes.push(flush));
    writer.write(fakeResponse('a', log), 200, {}, bytes('A'));
    writer.flush();
    expect(log).toEqual(['a head 200', 'a end A']);
    flushes[0]?.();
    expect(log).toEqual(['a head 200', 'a end A']);
  });

  it(`writes a batch as soon as it holds ${MAX_BATCH} answers`, () => {
    const log: string[] = [];
    const writer = batchedWriter(() => undefined, () => undefined);
    for (let i = 0; i < MAX_BATCH - 1; i++) writer.write(fakeResponse(`r${i}`, log), 200, {}, null);
    expect(log).toEqual([]);
    writer.write(fakeResponse('last', log), 200, {}, null);
    expect(log).toHaveLength(MAX_BATCH * 2);
    expect(log.at(-1)).toBe('last end none');
  });

  it('destroys a response whose write throws, reports it and still writes the rest of the batch, even if reporting throws', () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const flushes: (() => void)[] = [];
    const writer = batchedWriter(
      (err) => {
        errors.push(err);
        throw new Error('the logger failed too');
      },
      (flush) => flushes.push(flush),
    );
    writer.write(fakeResponse('a', log, true), 200, {}, null);
    writer.write(fakeResponse('b', log), 200, {}, null);
    flushes[0]?.();
    expect(log).toEqual(['a destroyed', 'b head 200', 'b end none']);
    expect(errors.map((err) => (err as Error).message)).toEqual(['a cannot be written']);
  });
});

describe('the Node server writing direct answers in batches', () => {
  const errors: string[] = [];
  const quiet: Logger = { notice: () => undefined, error: (message) => void errors.push(message) };
  let running: RunningServer;
  let port: number;
  beforeAll(async () => {
    running = startServer({ PORT: '0', HOST: '127.0.0.1' }, quiet);
    port = ((await running.listening) as AddressInfo).port;
  });
  afterAll(async () => {
    await running.drain();
  });

  it('answers requests pipelined on one connection in the order they were asked', async () => {
    const socket = await open(port);
    const text = readUntilClosed(socket);
    const ask = (target: string, last = false) => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${last ? 'Connection: close\r\n' : ''}\r\n`;
    // Three in one write: a computed answer, a not-found (the full chain, asynchronous) and another computed one.
    socket.write(
      ask('/api/calculate?model=openai-gpt-4o-mini&input_tokens=1000&output_tokens=0&requests=1') +
        ask('/api/nothing-here') +
        ask('/api/calculate?model=openai-gpt-4o-mini&input_tokens=2000&output_tokens=0&requests=1', true),
    );
    const raw = await text;
    const starts = [...raw.matchAll(/HTTP\/1\.1 \d{3}/g)].map((m) => m.index ?? 0);
    const answers = starts.map((start, i) => parseResponse(raw.slice(start, starts[i + 1])));
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200]);
    // gpt-4o-mini input is $0.15 per million tokens: 1,000 tokens cost $0.00015, 2,000 cost $0.0003.
    const perRequest = (a: (typeof answers)[number]) =>
      (JSON.parse(a.body.slice(0, Number(a.headers['content-length']))) as { costs: { perRequest: number } }).costs.perRequest;
    expect(perRequest(answers[0] as (typeof answers)[number])).toBe(0.00015);
    expect(perRequest(answers[2] as (typeof answers)[number])).toBe(0.0003);
  });

  it('answers a request pipelined before a malformed one, then refuses the malformed one', async () => {
    const socket = await open(port);
    const text = readUntilClosed(socket);
    socket.write('GET /api/calculate?model=openai-gpt-4o-mini&input_tokens=1000&output_tokens=0 HTTP/1.1\r\nHost: localhost\r\n\r\nGARBAGE\r\n\r\n');
    const raw = await text;
    // The valid request's answer is on the wire first (Node then closes the connection over the garbage).
    expect(parseResponse(raw).status).toBe(200);
  });

  it('keeps serving, and logs nothing, after clients reset their connections before their answers are written', async () => {
    const logged = errors.length;
    for (let i = 0; i < 20; i++) {
      const socket = await open(port);
      socket.write(`GET /api/cheapest?input_tokens=${1000 + i} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      socket.resetAndDestroy();
    }
    const res = await fetch(`http://127.0.0.1:${port}/api/cheapest?input_tokens=5`);
    expect(res.status).toBe(200);
    expect(errors.slice(logged)).toEqual([]);
  });

  it('answers 200 concurrent unique requests, each with its own figures', async () => {
    const tokens = Array.from({ length: 200 }, (_, i) => 1000 * (i + 1));
    const answers = await Promise.all(
      tokens.map(async (n) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/calculate?model=openai-gpt-4o-mini&input_tokens=${n}&output_tokens=0&requests=1`);
        return ((await res.json()) as { costs: { perRequest: number } }).costs.perRequest;
      }),
    );
    // $0.15 per million input tokens: n thousand tokens cost n × $0.00015, written exactly.
    expect(answers).toEqual(tokens.map((n) => Number(`${(n / 1000) * 15}e-5`)));
  });
});

describe("Node's refusal of a malformed request", () => {
  /** A stand-in socket recording whether it was ended (what is written drains first) or destroyed. */
  function fakeSocket(headersSent: boolean | undefined) {
    const calls: string[] = [];
    const socket = {
      writable: true,
      _httpMessage: headersSent === undefined ? undefined : { headersSent },
      end: (data?: string) => void calls.push(data === undefined ? 'end' : `end ${data.split('\r\n')[0]}`),
      destroy: () => void calls.push('destroy'),
    };
    return { socket: socket as unknown as Socket, calls };
  }
  const malformed = Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' });

  it('lets an answer already started drain, then closes (it no longer cuts the answer off)', () => {
    const { socket, calls } = fakeSocket(true);
    answerClientError(malformed, socket);
    expect(calls).toEqual(['end']);
  });

  it('answers with a JSON 400 when no answer has started', () => {
    const { socket, calls } = fakeSocket(undefined);
    answerClientError(malformed, socket);
    expect(calls).toEqual(['end HTTP/1.1 400 Bad Request']);
  });

  it('drops a connection the client has already reset', () => {
    const { socket, calls } = fakeSocket(true);
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(calls).toEqual(['destroy']);
  });
});
