/**
 * Direct answers written in batches: every answer computed while Node handles the requests that
 * arrived together (one poll phase of the event loop) is written after them, back to back.
 *
 * Why: each answer is one `writev` to its socket, and when the client is asleep waiting for it,
 * that write also pays for waking it. Written back to back, the first write of a batch wakes the
 * client and the rest find it awake. Under load on this machine that cut the kernel's share per
 * answer by about 40 % for a server busy computing answers (BENCHMARKS.md). An idle server writes
 * at once all the same: the batch is flushed by `setImmediate`, right after the poll phase that
 * read the request.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export interface BatchedWriter {
  /** Queues an answer; it is written with the rest of its batch. */
  write(res: ServerResponse, status: number, headers: Readonly<OutgoingHttpHeaders>, body: Uint8Array | null): void;
  /**
   * Writes what is queued now. For code about to write to a socket itself (Node's refusal of a
   * malformed request pipelined behind a queued answer), so the queued answer goes first.
   */
  flush(): void;
}

/** Most answers a batch holds: a burst larger than this is written in several, so none waits long. */
export const MAX_BATCH = 64;

/**
 * A writer that queues answers and writes them in order when `schedule` runs its flush
 * (setImmediate by default; tests pass their own), or once MAX_BATCH are queued. A response whose
 * write throws is destroyed and reported to `onError`; the rest of the batch is still written.
 */
export function batchedWriter(onError: (err: unknown) => void, schedule: (flush: () => void) => void = setImmediate): BatchedWriter {
  // Flat (response, status, headers, body) quadruples: no object per queued answer.
  let queue: unknown[] = [];
  let scheduled = false;
  const flush = () => {
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += 4) {
      const res = batch[i] as ServerResponse;
      try {
        res.writeHead(batch[i + 1] as number, batch[i + 2] as OutgoingHttpHeaders);
        res.end((batch[i + 3] as Uint8Array | null) ?? undefined);
      } catch (err) {
        res.destroy();
        try {
          onError(err);
        } catch {
          // A failing logger must not keep the rest of the batch from being written.
        }
      }
    }
  };
  const scheduledFlush = () => {
    scheduled = false;
    flush();
  };
  return {
    write(res, status, headers, body) {
      queue.push(res, status, headers, body);
      if (queue.length >= MAX_BATCH * 4) flush();
      else if (!scheduled) {
        scheduled = true;
        schedule(scheduledFlush);
      }
    },
    flush,
  };
}
