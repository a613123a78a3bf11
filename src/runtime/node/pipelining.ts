/**
 * Bounds what one connection can make the server hold when its client sends requests faster than
 * it reads the answers (pipelining, or never reading at all): at most `maxInProgress` answers are
 * being made or sent at once; later requests wait unanswered while the connection is not read
 * from; a request past `maxInProgress + maxWaiting` outstanding is refused in its turn (a 429,
 * after the answers before it) and the connection closed after it. Each answer made is charged to
 * the process's memory budget until the operating system has taken it, and while the budget is
 * pressed a connection makes one answer at a time.
 *
 * Fair to every client: a request on a connection with nothing outstanding is answered at once;
 * requests waiting behind others on their connection take turns, one answer per connection per
 * turn of the event loop (setImmediate), so other connections' requests are read and answered
 * between them. One connection's burst delays another client by about one answer per busy
 * connection, not by the whole burst.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Conn, Connections } from './connections.js';
import type { MemoryBudget } from './memory-budget.js';
import { refusePipelined } from './refusals.js';

/** A response being answered, with its connection until it closes. */
const CONN = Symbol('connection');
type Tracked = ServerResponse & { [CONN]?: Conn | undefined };

/** Answers the request: at once (returns nothing), or once the promise it returns settles. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<unknown>;

export interface PipelineBounds {
  /** Answers per connection made and not yet taken by the operating system (then the next waits). */
  maxInProgress: number;
  /** Requests per connection read ahead of their turn; past this the connection is closed. */
  maxWaiting: number;
}

/** What the bounds did, for tests and operators. */
export interface PipelineCounters {
  /** Requests that had to wait for earlier answers to be taken. */
  waited: number;
  /** Connections refused a request for sending too far ahead of what they read (then closed after the answers before it). */
  cut: number;
}

export function boundPipelining(
  handle: RequestHandler,
  bounds: PipelineBounds,
  connections: Connections,
  budget: MemoryBudget,
): { handler: (req: IncomingMessage, res: ServerResponse) => void; counters: PipelineCounters } {
  const counters: PipelineCounters = { waited: 0, cut: 0 };

  // 'close' follows 'finish' (the answer's last byte handed to the kernel) or a cut connection. One
  // listener for every response, which finds its connection on the response: nothing is made per request.
  function closed(this: ServerResponse): void {
    const conn = (this as Tracked)[CONN];
    if (conn === undefined) return;
    (this as Tracked)[CONN] = undefined;
    const bytes = conn.charged.get(this);
    if (bytes !== undefined) {
      conn.charged.delete(this);
      budget.discharge(conn, bytes);
    }
    conn.inProgress -= 1;
    if (conn.waiting.length > 0) schedule(conn);
    else if (conn.inProgress === 0) connections.settled(conn);
  }

  // What the answer left in memory once made: its unsent bytes, in the response until it has the
  // socket, in the socket's buffer after (nothing once it has closed).
  const charge = (conn: Conn, res: ServerResponse): void => {
    const bytes = (res as Tracked)[CONN] === undefined || conn.socket.destroyed ? 0 : res.writableLength;
    budget.endMaking(bytes);
    if (bytes <= 0) return;
    conn.charged.set(res, bytes);
    budget.charge(conn, bytes);
  };

  const start = (conn: Conn, req: IncomingMessage, res: ServerResponse): void => {
    conn.inProgress += 1;
    (res as Tracked)[CONN] = conn;
    res.on('close', closed);
    budget.beginMaking();
    const answered = handle(req, res);
    if (answered === undefined) charge(conn, res);
    else {
      const made = () => charge(conn, res);
      void answered.then(made, made);
    }
  };

  // A connection's next answer is made now if it has none in progress, or fewer than the bound while
  // the process's budget is not pressed; otherwise the request waits.
  const mayStart = (conn: Conn): boolean =>
    conn.inProgress === 0 || (conn.inProgress < bounds.maxInProgress && !budget.pressed);

  // Connections with requests waiting that may start one, in turn order; drained a turn at a time.
  let ready: Conn[] = [];
  let turnSet = false;

  const schedule = (conn: Conn): void => {
    if (!conn.queued) {
      conn.queued = true;
      ready.push(conn);
    }
    if (!turnSet) {
      turnSet = true;
      setImmediate(turn);
    }
  };

  /**
   * One turn: each ready connection starts its next waiting answer, one each; a connection that may
   * start another takes the next turn, after the event loop has read (and answered) what other
   * connections sent meanwhile. One that may not (its bound, or the budget) is scheduled again
   * when an answer of it is taken (closed).
   */
  function turn(): void {
    turnSet = false;
    const round = ready;
    ready = [];
    for (const conn of round) {
      conn.queued = false;
      if (conn.socket.destroyed) {
        conn.waiting.length = 0;
        continue;
      }
      if (conn.waiting.length > 0 && mayStart(conn)) {
        const [req, res] = conn.waiting.shift()!;
        start(conn, req, res);
      }
      if (conn.waiting.length > 0) {
        if (mayStart(conn)) schedule(conn);
      } else if (conn.paused && !conn.overflowed) {
        conn.paused = false;
        conn.socket.resume();
      }
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    const conn = connections.of(socket);
    // Requests parsed from bytes read before the connection was cut (or refused) have no one to answer.
    // Past a refusal of depth, the requests it parsed still are not answered: the connection closes after the refusal.
    if (socket.destroyed || conn === undefined || conn.overflowed) return;
    conn.readAtRequest = socket.bytesRead;
    // Nothing outstanding on it (a client that waits for each answer): answered at once, before queued work.
    if (conn.waiting.length === 0 && conn.inProgress === 0) {
      start(conn, req, res);
      return;
    }
    if (conn.inProgress + conn.waiting.length >= bounds.maxInProgress + bounds.maxWaiting) {
      counters.cut += 1;
      conn.overflowed = true;
      conn.paused = true;
      socket.pause();
      refusePipelined(res, bounds.maxInProgress + bounds.maxWaiting);
      return;
    }
    counters.waited += 1;
    conn.waiting.push([req, res]);
    schedule(conn);
    // Node parses the rest of the bytes it has already read, but reads no more until answers are taken
    // (its own bookkeeping may resume the socket as an answer finishes; the next request waiting pauses it again).
    conn.paused = true;
    socket.pause();
  };
  return { handler, counters };
}
