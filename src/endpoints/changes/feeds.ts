/**
 * Price changes as subscribable feeds: Atom (RFC 4287) and JSON Feed 1.1. Every piece of text
 * goes through one escaping element builder, so nothing from the data is pasted into markup.
 */
import type { PriceChange, Prices } from '../../core/pricing/history.js';
import { percentChange } from '../../core/pricing/history.js';
import { toJson } from '../../lib/json.js';

/** The feed-wide facts a renderer needs. */
export interface FeedContext {
  /** The absolute address the feed's links start from (read in a feed reader, elsewhere). */
  baseUrl: string;
  /** The feed's own address (with its filters). */
  selfUrl: string;
  /** The filters as a query string without format (`provider=gamma`), or empty. */
  filters: string;
  /** The JSON listing of the same changes. */
  jsonUrl: string;
  /** Date of the newest price check, YYYY-MM-DD: the feed's `updated`. */
  lastUpdated: string;
  /** Words describing the filters, e.g. "Anthropic", or empty. */
  scope: string;
}

const TITLE = 'AI model price changes';

// ------------------------------------------------------------------------------------------------
// Words shared by both feeds

const FIELD_WORDS: Record<keyof Prices, string> = {
  input: 'input',
  output: 'output',
  cachedInput: 'cached input',
  cacheWrite: 'cache write',
};

function usd(value: number | undefined): string {
  return value === undefined ? 'none' : `$${value}`;
}

/** `input $2 → $3 (+50%)` for each price field that changed. */
export function describeFields(change: PriceChange): string[] {
  const parts: string[] = [];
  for (const field of Object.keys(FIELD_WORDS) as Array<keyof Prices>) {
    const before = change.from[field];
    const after = change.to[field];
    if (before === after) continue;
    const percent = before !== undefined && after !== undefined ? percentChange(before, after) : undefined;
    const signed = percent === undefined ? '' : ` (${percent > 0 ? '+' : ''}${percent}%)`;
    parts.push(`${FIELD_WORDS[field]} ${usd(before)} → ${usd(after)}${signed}`);
  }
  return parts;
}

export function changeTitle(change: PriceChange): string {
  const when = change.scheduled ? `scheduled from ${change.date}` : `from ${change.date}`;
  return `${change.model.name} (${change.model.provider}): ${describeFields(change).join(', ')} per 1M tokens, ${when}`;
}

function changeText(change: PriceChange): string {
  const lines = [changeTitle(change) + '.', `Source: ${change.source}.`];
  if (change.note) lines.push(change.note);
  return lines.join('\n');
}

/** A stable id for a change, the same whichever host serves the feed (RFC 4151 tag URI). */
export function changeId(change: PriceChange): string {
  return `tag:ai-model-pricing,2026:price-change/${encodeURIComponent(change.model.id)}/${change.date}`;
}

/** The day a change became known: its date, or the check date for one announced in advance. */
function knownOn(change: PriceChange): string {
  return change.scheduled ? change.model.checkedOn : change.date;
}

/** The feed's permanent id: the same on every host, one per set of filters. */
function feedId(ctx: FeedContext): string {
  return `tag:ai-model-pricing,2026:price-changes${ctx.filters ? `?${ctx.filters}` : ''}`;
}

function modelUrl(ctx: FeedContext, change: PriceChange): string {
  return `${ctx.baseUrl}/api/pricing?model=${encodeURIComponent(change.model.id)}`;
}

// ------------------------------------------------------------------------------------------------
// Atom

/** Markup built by `el`; a plain string child is always escaped. */
class Markup {
  constructor(readonly text: string) {}
}

// XML 1.0 admits tab, newline, carriage return and U+0020 and up, except lone surrogates,
// U+FFFE and U+FFFF; anything else cannot be written even escaped, so it is dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function el(name: string, attrs: Record<string, string>, ...children: Array<string | Markup>): Markup {
  const attributes = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (children.length === 0) return new Markup(`<${name}${attributes}/>`);
  const inner = children.map((c) => (c instanceof Markup ? c.text : escapeXml(c))).join('');
  return new Markup(`<${name}${attributes}>${inner}</${name}>`);
}

const instant = (date: string) => `${date}T00:00:00Z`;

export function atomFeed(changes: readonly PriceChange[], ctx: FeedContext): string {
  const entries = changes.map((change) =>
    el(
      'entry',
      {},
      el('id', {}, changeId(change)),
      el('title', {}, changeTitle(change)),
      el('updated', {}, instant(knownOn(change))),
      el('link', { rel: 'alternate', type: 'application/json', href: modelUrl(ctx, change) }),
      el('category', { term: change.model.providerSlug, label: change.model.provider }),
      el('content', { type: 'text' }, changeText(change)),
    ),
  );
  const feed = el(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom' },
    el('id', {}, feedId(ctx)),
    el('title', {}, ctx.scope ? `${TITLE}: ${ctx.scope}` : TITLE),
    el('subtitle', {}, 'Dated price changes of AI language models, USD per 1M tokens, newest first.'),
    el('updated', {}, instant(ctx.lastUpdated)),
    el('link', { rel: 'self', type: 'application/atom+xml', href: ctx.selfUrl }),
    el('link', { rel: 'alternate', type: 'application/json', href: ctx.jsonUrl }),
    el('author', {}, el('name', {}, 'ai-model-pricing')),
    ...entries,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n${feed.text}\n`;
}

// ------------------------------------------------------------------------------------------------
// JSON Feed 1.1

export function jsonFeed(changes: readonly PriceChange[], items: readonly unknown[], ctx: FeedContext): string {
  return toJson({
    version: 'https://jsonfeed.org/version/1.1',
    title: ctx.scope ? `${TITLE}: ${ctx.scope}` : TITLE,
    home_page_url: `${ctx.baseUrl}/`,
    feed_url: ctx.selfUrl,
    description: 'Dated price changes of AI language models, USD per 1M tokens, newest first.',
    language: 'en',
    authors: [{ name: 'ai-model-pricing' }],
    items: changes.map((change, i) => ({
      id: changeId(change),
      url: modelUrl(ctx, change),
      title: changeTitle(change),
      content_text: changeText(change),
      date_published: instant(knownOn(change)),
      tags: [change.model.providerSlug],
      // The change itself as /api/changes gives it (JSON Feed extensions start with an underscore).
      _price_change: items[i],
    })),
  });
}
