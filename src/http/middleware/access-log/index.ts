/** Structured access log: one entry per request with method, path, status and duration. */
import type { MiddlewareHandler } from 'hono';

export interface AccessLogEntry {
  /** ISO 8601 time the request arrived. */
  time: string;
  method: string;
  /** The path without its query (client input is not logged at length), cut to 200 characters. */
  path: string;
  status: number;
  /** Milliseconds from arrival to the response being ready, to 0.01 ms. */
  ms: number;
}

/** Calls `write` once per request, after the response is ready (errors included). */
export function accessLog(write: (entry: AccessLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const time = new Date().toISOString();
    const start = performance.now();
    try {
      await next();
    } finally {
      write({
        time,
        method: c.req.method,
        path: c.req.path.slice(0, 200),
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 100) / 100,
      });
    }
  };
}

/** The entry as one line of JSON (newlines in it are escaped, so one request is one line). */
export function formatAccessLog(entry: AccessLogEntry): string {
  return `${JSON.stringify(entry)}\n`;
}
