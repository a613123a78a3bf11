/** The Node server's logs: one JSON line per event, and an optional access log of every request. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LogLevel } from './options.js';

export interface Logger {
  /** Lines an operator always wants (start, reload, shutdown): stdout unless LOG_LEVEL=silent. */
  notice(message: string, fields?: Record<string, unknown>): void;
  /** Problems (a rejected reload, a bug): stderr unless LOG_LEVEL=silent. */
  error(message: string, fields?: Record<string, unknown>): void;
  /** Raw access-log lines: stdout, only with LOG_LEVEL=info. */
  access?: (line: string) => void;
}

/** One JSON line per event, so that logs are machine-readable. */
export function jsonLogger(level: LogLevel): Logger {
  const line = (msg: string, fields: Record<string, unknown> = {}) =>
    `${JSON.stringify({ time: new Date().toISOString(), msg, ...fields })}\n`;
  const quiet = level === 'silent';
  return {
    notice: (msg, fields) => void (quiet || process.stdout.write(line(msg, fields))),
    error: (msg, fields) => void (quiet || process.stderr.write(line(msg, fields))),
    ...(level === 'info' ? { access: (text: string) => void process.stdout.write(text) } : {}),
  };
}

/** One access-log entry: when the request arrived, what it asked and how it was answered. */
export interface AccessLogEntry {
  /** ISO 8601 time the request arrived. */
  time: string;
  method: string;
  /** The path without its query (client input is not logged at length), cut to 200 characters. */
  path: string;
  status: number;
  /** Milliseconds from arrival to the answer being written, to 0.01 ms. */
  ms: number;
}

/** Writes the request's access-log line (one line of JSON, newlines escaped) once its answer is written. */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse, write: (line: string) => void): void {
  const time = new Date().toISOString();
  const start = performance.now();
  res.once('finish', () => {
    const target = req.url ?? '';
    const end = target.search(/[?#]/);
    const entry: AccessLogEntry = {
      time,
      method: req.method ?? '',
      path: (end === -1 ? target : target.slice(0, end)).slice(0, 200),
      status: res.statusCode,
      ms: Math.round((performance.now() - start) * 100) / 100,
    };
    write(`${JSON.stringify(entry)}\n`);
  });
}

/**
 * A line for an event any client can cause at will (an upload broken off): at most one line every
 * `everyMs`, each saying how many such events were left out since the last line, so that the log
 * cannot be flooded, nor an event lost without a count.
 */
export function rateLimitedLine(
  write: (message: string, fields: Record<string, unknown>) => void,
  message: string,
  everyMs = 1000,
  now = () => Date.now(),
): (fields: Record<string, unknown>) => void {
  let last = -Infinity;
  let left = 0;
  return (fields) => {
    const t = now();
    if (t - last < everyMs) {
      left += 1;
      return;
    }
    last = t;
    write(message, { ...fields, ...(left > 0 ? { leftOut: left } : {}) });
    left = 0;
  };
}
