/** The one error type of the API and the JSON envelope it becomes. */

export interface ErrorBody {
  error: { status: number; code: string; message: string; param?: string; suggestions?: string[] };
}

// Error.stackTraceLimit is read-only where the intrinsics are frozen (node --frozen-intrinsics, a
// lockdown): writing it would throw and make every 4xx a 500, so such a runtime keeps the trace.
const stackLimitWritable = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit')?.writable !== false;

/**
 * An error that is the client's doing (bad input), thrown to carry a message to the answer and never
 * logged, so it is made without the stack trace V8 captures for every Error: that capture was about
 * a third of the cost of answering bad input.
 */
export class ClientError extends Error {
  constructor(message: string) {
    if (!stackLimitWritable) {
      super(message);
      return;
    }
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** A client error: status, a stable machine code, a sentence naming the input and what is allowed. */
export class ApiError extends ClientError {
  override name = 'ApiError';
  constructor(
    readonly status: 400 | 404 | 405 | 408 | 413 | 414 | 429 | 431,
    readonly code: string,
    message: string,
    readonly details: { param?: string; suggestions?: string[] } = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: { status: this.status, code: this.code, message: this.message, ...this.details } };
  }
}

/** Echoes client input inside a message: quoted, cut short, never trusted as markup. */
export function quote(input: string): string {
  const cut = input.length > 40 ? `${input.slice(0, 40)}…` : input;
  return JSON.stringify(cut);
}
