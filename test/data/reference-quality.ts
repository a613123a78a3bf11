// How the catalogue's qualitySource texts and ids were written from ../shared/reference when the
// catalogue was seeded (docs/catalogue.md): kept here, typed, so the provenance test can hold the
// committed records to the reference they name.

/** A reference quality record, as far as these read it. */
export interface QualityRecord {
  model_id: string;
  provider: string;
  match_key?: string;
  suggested: { quality_basis: string; quality_inputs?: Array<{ key: string }> };
  scores?: Record<string, { date?: string } | undefined>;
}

const BENCHMARKS: Record<string, string> = {
  aa_intelligence_index: 'Artificial Analysis Intelligence Index',
  or_aa_intelligence_index: 'Artificial Analysis Intelligence Index (as shown on OpenRouter)',
  lmarena_text: 'LMArena text',
  lmarena_text_2026_08: 'LMArena text (August 2026 top 10)',
  livebench_global: 'LiveBench',
  designarena_code: 'Design Arena code',
  lmarena_vision: 'LMArena vision',
};

const listText = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The model key of an id (`<providerSlug>-<key>`) from a reference record. */
export function modelKey(record: { model_id: string; match_key?: string }): string {
  const base = (record.match_key ?? record.model_id).toLowerCase().replace(/^meta-llama\//, '');
  return base.replace(/[^a-z0-9.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
}

/**
 * Where a model's quality score comes from: the benchmarks behind it, each with the date of the
 * snapshot it was read from, or why it has none. `all`: the reference's quality records, for the
 * dates of a model rated as another.
 */
export function qualitySourceOf(q: QualityRecord, all: readonly QualityRecord[] = []): string {
  const s = q.suggested;
  const inherited = /^inherited from ([^:]+): (.*)$/.exec(s.quality_basis);
  const parent = inherited ? all.find((m) => m.model_id === inherited[1] && m.provider === q.provider) : undefined;
  const dateOf = (key: string) => q.scores?.[key]?.date ?? parent?.scores?.[key]?.date;
  const named = (keys: string[]) => listText(keys.map((k) => {
    const date = dateOf(k);
    return `${BENCHMARKS[k] ?? k.replace(/_/g, ' ')}${date ? ` of ${date}` : ''}`;
  }));
  const inputs = [...new Set((s.quality_inputs ?? []).map((i) => i.key))];
  if (s.quality_basis === 'benchmarks') return `Benchmarks: ${named(inputs)}`;
  const other = /^other benchmarks of this model \(no general-quality source\): (.*)$/.exec(s.quality_basis);
  if (other) return `No general benchmark; from ${named((other[1] as string).split(/,\s*/))}`;
  if (inherited) return `Rated as ${inherited[1]} (${inherited[2]})${inputs.length ? `, from its ${named(inputs)}` : ''}`;
  if (/no benchmark data for this model/.test(s.quality_basis)) return 'No benchmark scores yet: a conservative default';
  return s.quality_basis.replace(/^fallback: /, 'No benchmark scores: ');
}
