/**
 * badge-maker's text measure (the anafanafo package) for the Worker, which wrangler.toml aliases to
 * this module: the same measure over the same four font-width tables (anafanafo's own files), read
 * from the Worker's static assets instead of carried in the script. In the script they would be
 * 285 KB of its gzip size, which its budget (300 KB) cannot hold. On Node each is read from the same
 * file on first use (scripts/server-build.mjs).
 */
import { createConsumer, type CharWidthTableConsumer } from 'char-width-table-consumer';

/** anafanafo's fonts and the data file of each (node_modules/anafanafo/data/<file>.json). */
export const FONT_TABLES: Readonly<Record<string, string>> = {
  '10px Verdana': 'verdana-10px-normal',
  'bold 10px Verdana': 'verdana-10px-bold',
  '11px Verdana': 'verdana-11px-normal',
  'bold 11px Helvetica': 'helvetica-11px-bold',
};

/** Where the tables are among the static assets; wrangler.toml sends public requests for it to the Worker (a 404). */
export const FONTS_PATH = '/_worker/fonts/';

/** The part of the Workers assets binding read here. */
export interface AssetFetcher {
  fetch(input: string): Promise<Response>;
}

const consumers = new Map<string, CharWidthTableConsumer>();
let loading: Promise<void> | undefined;

/** Reads the tables once per isolate; a failed read is tried again on the next call. */
export function loadFonts(assets: AssetFetcher): Promise<void> {
  loading ??= Promise.all(
    Object.entries(FONT_TABLES).map(async ([font, file]) => {
      // The binding reads the assets by path; the host is not looked at.
      const response = await assets.fetch(`https://assets.invalid${FONTS_PATH}${file}.json`);
      if (!response.ok) throw new Error(`font table ${file}: ${response.status} from the static assets`);
      consumers.set(font, createConsumer(await response.json()));
    }),
  ).then(
    () => undefined,
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** anafanafo's measure: the width of `text` in `font`, in pixels. */
export default function measure(text: string, { font, ...rest }: { font: string; guess?: boolean }): number {
  const consumer = consumers.get(font);
  if (consumer === undefined) {
    throw new Error(
      FONT_TABLES[font] === undefined
        ? `Unknown font "${font}", expected ${Object.keys(FONT_TABLES).join(', ')}`
        : `The font tables are not loaded (loadFonts) for "${font}"`,
    );
  }
  return consumer.widthOf(text, rest);
}
