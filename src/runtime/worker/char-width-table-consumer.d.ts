/** The part of char-width-table-consumer (anafanafo's table reader, untyped) that the Worker's font measure uses. */
declare module 'char-width-table-consumer' {
  export interface CharWidthTableConsumer {
    widthOf(text: string, options?: { guess?: boolean }): number;
  }
  /** A consumer of a table of `[first, last, width]` code point ranges. */
  export function createConsumer(data: unknown): CharWidthTableConsumer;
}
