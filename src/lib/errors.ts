/** The one error type of the API and the JSON envelope it becomes. */

export interface ErrorBody {
  error: { status: number; code: string; message: string; param?: string; suggestions?: string[] };
}

/** A client error: status, a stable machine code, a sentence naming the input and what is allowed. */
export class ApiError extends Error {
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
