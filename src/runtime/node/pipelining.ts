/**
 * Bounds what one connection can make the server hold when its client sends requests faster than
 * it reads the answers (pipelining, or never reading at all): at most `maxInProgress` answers are
 * being made or sent at once; later requests wait unanswered while the connection is not read
 * from; a connection with more than `maxWaiting` requests waiting is cut.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface PipelineBounds {
  /** Answers per connection made and not yet taken by the operating system (then the next waits). */
  maxInProgress: number;
  /** Requests per connection read ahead of their turn; past this the connection is closed. */
  maxWaiting: number;
}

/** What the bound did, for tests and operators. */
export interface PipelineCounters {
  /** Requests that had to wait for earlier answers to be taken. */
  waited: number;
  /** Connections closed for sending too far ahead of what they read. */
  cut: number;
}

interface Line {
  inProgress: number;
  waiting: [IncomingMessage, ServerResponse][];
  /** Whether this bound paused the socket (and so must resume it). */
  paused: boolean;
}

export function boundPipelining(handle: RequestHandler, bounds: PipelineBounds): { handler: RequestHandler; counters: PipelineCounters } {
  const counters: PipelineCounters = { waited: 0, cut: 0 };
  const lines = new WeakMap<Socket, Line>();

  const start = (line: Line, socket: Socket, req: IncomingMessage, res: ServerResponse): void => {
    line.inProgress += 1;
    // 'close' follows 'finish' (the answer's last byte handed to the kernel) or a cut connection.
    res.once('close', () => {
      line.inProgress -= 1;
      takeWaiting(line, socket);
    });
    handle(req, res);
  };

  const takeWaiting = (line: Line, socket: Socket): void => {
    while (line.waiting.length > 0 && line.inProgress < bounds.maxInProgress) {
      const [req, res] = line.waiting.shift()!;
      start(line, socket, req, res);
    }
    if (line.paused && line.waiting.length === 0) {
      line.paused = false;
      socket.resume();
    }
  };

  const handler: RequestHandler = (req, res) => {
    const socket = req.socket;
    // Requests parsed from bytes read before the connection was cut have no one to answer.
    if (socket.destroyed) return;
    let line = lines.get(socket);
    if (line === undefined) {
      line = { inProgress: 0, waiting: [], paused: false };
      lines.set(socket, line);
    }
    if (line.waiting.length === 0 && line.inProgress < bounds.maxInProgress) {
      start(line, socket, req, res);
      return;
    }
    if (line.waiting.length >= bounds.maxWaiting) {
      counters.cut += 1;
      line.waiting.length = 0;
      socket.destroy();
      return;
    }
    counters.waited += 1;
    line.waiting.push([req, res]);
    // Node parses the rest of the bytes it has already read, but reads no more until answers are taken
    // (its own bookkeeping may resume the socket as an answer finishes; the next request waiting pauses it again).
    line.paused = true;
    socket.pause();
  };
  return { handler, counters };
}
