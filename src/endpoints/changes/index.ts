/** GET /api/changes: dated price changes, newest first, as JSON, an Atom feed or a JSON Feed. */
import * as z from 'zod';
import type { Catalogue } from '../../core/catalogue/catalogue.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { percentChange, priceChanges, type PriceChange, type Prices } from '../../core/pricing/history.js';
import { atomFeed, jsonFeed, type FeedContext } from './feeds.js';
import { endpoint, findModel, textMedia, TextReply } from '../endpoint.js';
import { choice, text } from '../params.js';
import { links } from '../present.js';
import { parseProviders } from '../pricing/index.js';

export const changesQuery = z.object({
  provider: text('Provider slug, or several separated by commas (case-insensitive).'),
  model: text('A model id: only its price changes.'),
  format: choice(
    ['json', 'atom', 'jsonfeed'] as const,
    'json (default), atom (Atom feed) or jsonfeed (JSON Feed 1.1).',
  ),
});

/** Percent change per price field where both prices exist and the old one is not zero. */
function percents(from: Prices, to: Prices): Partial<Record<keyof Prices, number>> {
  const out: Partial<Record<keyof Prices, number>> = {};
  for (const field of ['input', 'output', 'cachedInput', 'cacheWrite'] as const) {
    const a = from[field];
    const b = to[field];
    const percent = a !== undefined && b !== undefined && a !== b ? percentChange(a, b) : undefined;
    if (percent !== undefined) out[field] = percent;
  }
  return out;
}

function changeItem(change: PriceChange) {
  const { model } = change;
  return {
    date: change.date,
    scheduled: change.scheduled,
    id: model.id,
    name: model.name,
    provider: model.provider,
    providerSlug: model.providerSlug,
    from: change.from,
    to: change.to,
    percent: percents(change.from, change.to),
    source: change.source,
    ...(change.note ? { note: change.note } : {}),
  };
}

const changesOf = new WeakMap<Catalogue, readonly PriceChange[]>();

/**
 * Every model's changes, newest first, worked out once per catalogue (each request of the feed
 * would otherwise cost milliseconds); a filter keeps some, in the same order (it is a total one).
 */
function allChanges(catalogue: Catalogue): readonly PriceChange[] {
  let list = changesOf.get(catalogue);
  if (list === undefined) {
    list = priceChanges(catalogue.models);
    changesOf.set(catalogue, list);
  }
  return list;
}

export const changes = endpoint({
  path: '/api/changes',
  summary: 'Price changes, newest first (JSON, Atom or JSON Feed)',
  response: {
    description:
      'Price changes, newest first: JSON (default), an Atom feed (format=atom) or a JSON Feed 1.1 (format=jsonfeed).',
    content: {
      'application/json': { schema: { type: 'object', description: 'The changes and the filters applied.' } },
      'application/atom+xml': textMedia('An Atom feed.'),
      'application/feed+json': { schema: { type: 'object', description: 'A JSON Feed 1.1 document.' } },
    },
    errors: [404],
  },
  query: changesQuery,
  handle: ({ provider, model: id, format }, ctx) => {
    const { catalogue } = ctx;
    const providers = provider === undefined ? undefined : parseProviders(catalogue, provider);
    const only = id === undefined ? undefined : findModel(catalogue, id, 'model');
    const keep = (m: Model) => (!providers || providers.has(m.providerSlug)) && (!only || m.id === only.id);
    const list = allChanges(catalogue).filter((change) => keep(change.model));
    const items = list.map(changeItem);

    // Feed links carry the filters as parsed (normalised), never the raw query text.
    const filters = new URLSearchParams();
    if (providers) filters.set('provider', [...providers].join(','));
    if (only) filters.set('model', only.id);
    const query = (base: string, fmt?: string) => {
      const search = new URLSearchParams(filters);
      if (fmt) search.set('format', fmt);
      const text = search.toString();
      return `${base}/api/changes${text ? `?${text}` : ''}`;
    };
    if (format === undefined || format === 'json') {
      return {
        changes: items,
        meta: {
          count: items.length,
          lastUpdated: catalogue.lastUpdated,
          feeds: { atom: query(ctx.baseUrl, 'atom'), jsonfeed: query(ctx.baseUrl, 'jsonfeed') },
          ...links(ctx),
        },
      };
    }

    const scope = only
      ? only.name
      : providers
        ? catalogue.providers
            .filter((p) => providers.has(p.slug))
            .map((p) => p.name)
            .join(', ')
        : '';
    // A feed is read in a feed reader, away from this site: its links are absolute.
    const { origin } = ctx;
    const feed: FeedContext = {
      baseUrl: origin,
      selfUrl: query(origin, format),
      filters: filters.toString(),
      jsonUrl: query(origin),
      lastUpdated: catalogue.lastUpdated,
      scope,
    };
    return format === 'atom'
      ? new TextReply(atomFeed(list, feed), 'application/atom+xml; charset=utf-8')
      : new TextReply(jsonFeed(list, items, feed), 'application/feed+json; charset=utf-8');
  },
});
