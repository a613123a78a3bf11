/**
 * Every open connection of the Node server and what it is doing: a cap on connections per client
 * address, the cut of a connection on which no byte moves while it has answers to send, and the
 * drain's close of idle connections (and of the others once their answers are written).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '../../http/middleware/rate-limit/client-key.js';
import type { Holder, MemoryBudget } from './memory-budget.js';
import { refuseConnection } from './refusals.js';

/** One connection: its pipelined requests and what the memory budget counts for it. */
export interface Conn extends Holder {
  socket: Socket;
  /** Answers made or being sent, not yet taken whole by the operating system. */
  inProgress: number;
  /** Requests read ahead of their turn, not answered yet. */
  waiting: [IncomingMessage, ServerResponse][];
  /** Whether pipelining paused the socket (and so must resume it). */
  paused: boolean;
  /** Whether it is in the queue of connections whose waiting requests take turns. */
  queued: boolean;
  /** Whether it sent more requests ahead than it may: those after it are not answered, and it closes after the refusal. */
  overflowed: boolean;
  /** Bytes charged to the budget for each answer in progress. */
  charged: Map<ServerResponse, number>;
  /**
   * socket.bytesRead when its latest request was parsed: more read since is a request arriving.
   * -1 before its first: a new connection is taken to have a request on the way, as Node takes it.
   */
  readAtRequest: number;
  /** What had moved on the socket at the stall watch's last look, and since when it has not moved (watch, below). */
  watch: Watch;
}

export interface ConnectionBounds {
  /** Open connections per address (clientKey: IPv6 by /64); 0 for no cap. */
  maxConnectionsPerAddress: number;
  /** A connection with answers to send on which no byte moves for this long is cut. */
  socketTimeoutMs: number;
}

export interface ConnectionCounters {
  /** Connections refused for the per-address cap. */
  refused: number;
  /** Connections cut because no byte moved for socketTimeoutMs while they had answers to send. */
  stalled: number;
}

interface Watch {
  /** At the last look: bytes read, written, buffered, queued in libuv (any change is progress). */
  read: number;
  written: number;
  buffered: number;
  queued: number;
  /** When a look last saw a change. */
  since: number;
}

export class Connections {
  readonly counters: ConnectionCounters = { refused: 0, stalled: 0 };
  private readonly open = new Map<Socket, Conn>();
  private readonly perAddress = new Map<string, number>();
  /** The stall watch: a look at every open connection a tenth of SOCKET_TIMEOUT_MS apart, while any is open. */
  private sweep: NodeJS.Timeout | undefined;
  private draining = false;

  constructor(
    private readonly bounds: ConnectionBounds,
    private readonly budget: MemoryBudget,
  ) {}

  /** The server's 'connection' listener. */
  readonly accept = (socket: Socket): void => {
    const address = clientKey(socket.remoteAddress ?? '');
    const count = (this.perAddress.get(address) ?? 0) + 1;
    if (this.bounds.maxConnectionsPerAddress > 0 && count > this.bounds.maxConnectionsPerAddress) {
      this.counters.refused += 1;
      refuseConnection(socket, this.bounds.maxConnectionsPerAddress);
      return;
    }
    this.perAddress.set(address, count);
    const conn: Conn = {
      socket,
      inProgress: 0,
      waiting: [],
      paused: false,
      queued: false,
      overflowed: false,
      charged: new Map(),
      readAtRequest: -1,
      watch: { read: 0, written: 0, buffered: 0, queued: 0, since: Date.now() },
      held: 0,
      cut: () => {
        conn.charged.clear();
        socket.destroy();
      },
    };
    this.open.set(socket, conn);
    // A tenth of the timeout between looks: a stall is cut between one and 1.1 timeouts after the last byte moved.
    if (this.sweep === undefined) {
      this.sweep = setInterval(() => this.cutStalled(), Math.max(25, Math.floor(this.bounds.socketTimeoutMs / 10)));
      this.sweep.unref();
    }
    socket.once('close', () => {
      this.open.delete(socket);
      if (this.open.size === 0) this.stopSweep();
      conn.charged.clear();
      this.budget.forget(conn);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
  };

  /** The connection of a socket accepted (and not refused) by `accept`. */
  of(socket: Socket): Conn | undefined {
    return this.open.get(socket);
  }

  /** A connection has no answer in progress or waiting any more. */
  settled(conn: Conn): void {
    if (this.draining) this.closeIfIdle(conn);
  }

  /**
   * Draining: closes the connections that are idle (no answer in progress or waiting, nothing
   * buffered, no request arriving), now; the others close once that is so. Node's own
   * closeIdleConnections() would also close a connection whose answer has ended but is still in
   * its buffers.
   */
  closeIdle(): void {
    this.draining = true;
    for (const conn of this.open.values()) this.closeIfIdle(conn);
  }

  private closeIfIdle(conn: Conn): void {
    const { socket } = conn;
    if (
      conn.inProgress === 0 &&
      conn.waiting.length === 0 &&
      socket.writableLength === 0 &&
      socket.bytesRead === conn.readAtRequest
    ) {
      socket.destroy();
    }
  }

  /**
   * Cuts each connection with answers to send (in progress or waiting) on which nothing has moved
   * for SOCKET_TIMEOUT_MS. Every connection is looked at, idle or not, so that one turning busy is
   * timed from the last byte it moved, without any bookkeeping per request.
   */
  private cutStalled(): void {
    const now = Date.now();
    for (const conn of this.open.values()) {
      const { socket, watch } = conn;
      const queued = (socket as Socket & { _handle?: { writeQueueSize?: number } | null })._handle?.writeQueueSize ?? 0;
      const { bytesRead: read, bytesWritten: written, writableLength: buffered } = socket;
      if (read !== watch.read || written !== watch.written || buffered !== watch.buffered || queued !== watch.queued) {
        Object.assign(watch, { read, written, buffered, queued, since: now });
      } else if (now - watch.since >= this.bounds.socketTimeoutMs && (conn.inProgress > 0 || conn.waiting.length > 0)) {
        this.counters.stalled += 1;
        socket.destroy();
      }
    }
  }

  private stopSweep(): void {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }
}
