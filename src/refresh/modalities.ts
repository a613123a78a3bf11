/**
 * What each catalogue model takes in and gives out, from the sources that say: models.dev (the
 * maker's own provider entry, else its provider-neutral model record) and OpenRouter's
 * `architecture`. Pure: the files are read elsewhere, the result written into data/*.json.
 *
 * Rule: names are read as the schema's (pdf and OpenRouter's `file` as image). Where models.dev
 * and OpenRouter agree, both are named. Where they disagree, models.dev is kept: its entry is the
 * maker's own API, the door the catalogue prices, while OpenRouter describes whichever host it
 * routes to; the record's `note` says what OpenRouter lists.
 */
import * as z from 'zod';
import { MODALITIES, type Modality, type Model } from '../core/schema/catalogue-schema.js';
import type { DataFile } from './proposal.js';
import { matchKey } from './units.js';

type Modalities = NonNullable<Model['modalities']>;
interface Said {
  input: Modality[];
  output: Modality[];
  where: string;
}

/** Catalogue slug -> models.dev provider folder (the maker's own entries) and organisation (neutral records). */
const MODELS_DEV: Record<string, { host: string; org?: string }> = {
  openai: { host: 'openai', org: 'openai' },
  anthropic: { host: 'anthropic', org: 'anthropic' },
  google: { host: 'google', org: 'google' },
  mistral: { host: 'mistral', org: 'mistral' },
  deepseek: { host: 'deepseek', org: 'deepseek' },
  xai: { host: 'xai', org: 'xai' },
  cohere: { host: 'cohere', org: 'cohere' },
  amazon: { host: 'amazon-bedrock' },
  alibaba: { host: 'alibaba', org: 'alibaba' },
  together: { host: 'togetherai' },
  // The makers of open-weight models sold by many sellers (their entries, else their neutral records).
  moonshot: { host: 'moonshotai', org: 'moonshotai' },
  zhipu: { host: 'zai', org: 'zhipuai' },
  minimax: { host: 'minimax', org: 'minimax' },
  nvidia: { host: 'nvidia', org: 'nvidia' },
};
/** Catalogue slug -> OpenRouter organisation. Together's Llama doors are not OpenRouter's, so none. */
const OPENROUTER: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  mistral: 'mistralai',
  deepseek: 'deepseek',
  xai: 'x-ai',
  cohere: 'cohere',
  amazon: 'amazon',
  alibaba: 'qwen',
  moonshot: 'moonshotai',
  zhipu: 'z-ai',
  minimax: 'minimax',
  nvidia: 'nvidia',
};

const names = z.array(z.string()).catch([]);
const mdModalities = z.looseObject({ input: names, output: names });
const mdOffer = z.looseObject({
  host: z.string(),
  hostModelId: z.string(),
  modalities: mdModalities.optional().catch(undefined),
});
const orModel = z.looseObject({
  id: z.string(),
  architecture: z.looseObject({ input_modalities: names, output_modalities: names }).optional().catch(undefined),
});

/** A source's names as the schema's, in its order; unknown names dropped; undefined when no text-side name is left. */
export function readNames(raw: readonly string[]): Modality[] | undefined {
  const read = new Set(raw.map((n) => (n === 'pdf' || n === 'file' ? 'image' : n)));
  const out = MODALITIES.filter((m) => read.has(m));
  return out.length ? out : undefined;
}

const said = (input: readonly string[], output: readonly string[], where: string): Said | undefined => {
  const i = readNames(input);
  const o = readNames(output);
  return i && o ? { input: i, output: o, where } : undefined;
};

/** The sources' modalities, indexed for lookup: built once from the three files' JSON. */
export interface ModalitySources {
  /** `host/id` (lower case) -> what models.dev's provider entry says. */
  modelsDevOffers: Map<string, Said>;
  /** `org/id` (lower case) -> what models.dev's provider-neutral record says. */
  modelsDevModels: Map<string, Said>;
  /** `org/matchKey(id)` -> what OpenRouter says. */
  openRouter: Map<string, Said>;
}

export function indexSources(offersJson: unknown, modelsJson: unknown, openRouterJson: unknown): ModalitySources {
  const modelsDevOffers = new Map<string, Said>();
  for (const raw of z.looseObject({ offers: z.array(z.unknown()) }).parse(offersJson).offers) {
    const o = mdOffer.safeParse(raw);
    const s =
      o.success && o.data.modalities
        ? said(o.data.modalities.input, o.data.modalities.output, `models.dev ${o.data.host}/${o.data.hostModelId}`)
        : undefined;
    if (o.success && s) modelsDevOffers.set(`${o.data.host}/${o.data.hostModelId}`.toLowerCase(), s);
  }
  const modelsDevModels = new Map<string, Said>();
  for (const [key, raw] of Object.entries(
    z.looseObject({ models: z.record(z.string(), z.unknown()) }).parse(modelsJson).models,
  )) {
    const m = z.looseObject({ modalities: mdModalities.optional().catch(undefined) }).safeParse(raw);
    const s =
      m.success && m.data.modalities
        ? said(m.data.modalities.input, m.data.modalities.output, `models.dev models/${key}`)
        : undefined;
    if (s) modelsDevModels.set(key.toLowerCase(), s);
  }
  const openRouter = new Map<string, Said>();
  for (const raw of z.looseObject({ data: z.array(z.unknown()) }).parse(openRouterJson).data) {
    const m = orModel.safeParse(raw);
    if (!m.success || !m.data.architecture || m.data.id.includes(':')) continue;
    const [org = '', ...rest] = m.data.id.split('/');
    const s = said(
      m.data.architecture.input_modalities,
      m.data.architecture.output_modalities,
      `OpenRouter ${m.data.id}`,
    );
    if (s && rest.length) openRouter.set(`${org}/${matchKey(rest.join('/'))}`, s);
  }
  return { modelsDevOffers, modelsDevModels, openRouter };
}

const same = (a: Said, b: Said) => a.input.join() === b.input.join() && a.output.join() === b.output.join();
const show = (s: Said) => `input ${s.input.join(', ')}; output ${s.output.join(', ')}`;

/** What the sources say of one model (by its provider slug and the id its sources use), or undefined when none does. */
export function modalitiesOf(
  slug: string,
  referenceId: string,
  sources: ModalitySources,
  checkedOn: string,
): Modalities | undefined {
  const md = MODELS_DEV[slug];
  const id = referenceId.toLowerCase();
  const fromMd =
    md &&
    (sources.modelsDevOffers.get(`${md.host}/${id}`) ??
      (md.org ? sources.modelsDevModels.get(`${md.org}/${id}`) : undefined));
  const org = OPENROUTER[slug];
  const fromOr = org ? sources.openRouter.get(`${org}/${matchKey(referenceId)}`) : undefined;
  const kept = fromMd ?? fromOr;
  if (!kept) return undefined;
  const out: Modalities = { input: kept.input, output: kept.output, source: kept.where, checkedOn };
  if (fromMd && fromOr) {
    if (same(fromMd, fromOr)) out.source = `${fromMd.where} and ${fromOr.where} agree`;
    else
      out.note = `${fromOr.where} lists ${show(fromOr)}; models.dev kept (the maker's own API; OpenRouter routes to other hosts)`;
  }
  return out;
}

/**
 * Sets each model's modalities from the sources; a model no source names keeps what it has.
 * Returns the paths of the files it changed.
 */
export function applyModalities(files: DataFile[], sources: ModalitySources, checkedOn: string): string[] {
  const touched: string[] = [];
  for (const file of files) {
    const before = JSON.stringify(file.json);
    for (const model of file.json.models) {
      const found = modalitiesOf(
        file.json.provider.slug,
        model.referenceId ?? model.id.slice(file.json.provider.slug.length + 1),
        sources,
        checkedOn,
      );
      if (!found) continue;
      const prior = model.modalities;
      // A re-run on the same sources changes nothing, not even the date.
      if (prior && JSON.stringify({ ...prior, checkedOn }) === JSON.stringify(found)) continue;
      model.modalities = found;
    }
    if (JSON.stringify(file.json) !== before) touched.push(file.path);
  }
  return touched;
}
