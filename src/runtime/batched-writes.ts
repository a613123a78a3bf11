/**
 * Direct answers written in batches: every answer computed while Node handles the requests that
 * arrived together (one poll phase of the event loop) is written after them, back to back.
 *
 * Why: each answer is one `writev` to its socket, and when the client is asleep waiting for it,
 * that write also pays for waking it. Written back to back, the first write of a batch wakes the
 * client and the rest find it awake. Under load on this machine that halved the kernel's share
 * per answer (19 to 10 µs) for a server busy computing answers; see BENCHMARKS.md. An idle server
 * writes at once all the same: the batch is flushed by `setImmediate`, right after the poll phase
 * that read the request.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export type WriteAnswer = (res: ServerResponse, status: number, headers: Readonly<OutgoingHttpHeaders>, body: Uint8Array | null) => void;

/**
 * A writer that queues answers and writes them in order when `schedule` runs its callback
 * (setImmediate by default; tests pass their own). A response whose write throws is destroyed and
 * reported to `onError`; the rest of the batch is still written.
 */
export function batchedWriter(onError: (err: unknown) => void, schedule: (flush: () => void) => void = setImmediate): WriteAnswer {
  // Flat (response, status, headers, body) quadruples: no object per queued answer.
  let queue: unknown[] = [];
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
        onError(err);
      }
    }
  };
  return (res, status, headers, body) => {
    if (queue.push(res, status, headers, body) === 4) schedule(flush);
  };
}
