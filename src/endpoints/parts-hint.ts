/**
 * The hint when a ranking is empty because of the workload's audio, image or video parts: the part
 * that no model (or the fewest) takes, and the models that take it, cheapest list price first.
 */
import type { Catalogue } from '../core/catalogue/catalogue.js';
import type { Workload } from '../core/pricing/cost.js';
import { MODALITY_FIELDS, takesModality } from '../core/pricing/problems.js';
import type { Model } from '../core/schema/catalogue-schema.js';
import { listed } from './present.js';

/** The workload field of each modality part -> its query parameter. */
const PARAM: Record<(typeof MODALITY_FIELDS)[number]['field'], string> = {
  inputAudioTokens: 'input_audio_tokens',
  cacheAudioReadTokens: 'cached_audio_tokens',
  outputAudioTokens: 'output_audio_tokens',
  inputImageTokens: 'input_image_tokens',
  outputImageTokens: 'output_image_tokens',
  inputVideoTokens: 'input_video_tokens',
  outputVideoTokens: 'output_video_tokens',
};

/** How many takers the message names. */
const NAMED = 3;

/**
 * Undefined unless some current model sold as capacity is left out for a part only: when at least
 * one model takes every part, the filters are what emptied the answer (the filter hint says which).
 */
export function partsHint(catalogue: Catalogue, workload: Workload) {
  const used = MODALITY_FIELDS.filter(({ field }) => (workload.extras?.[field] ?? 0) > 0);
  if (used.length === 0) return undefined;
  const candidates = catalogue.models.filter((m) => m.status === 'current' && !m.freeTierOnly);
  const takes = (m: Model, part: (typeof used)[number]) => takesModality(m, part.modality, part.direction) === true;
  if (candidates.some((m) => used.every((part) => takes(m, part)))) return undefined;
  // The part with the fewest takers is the one to name (the first such, in the parameters' order).
  const takers = used.map((part) => ({ part, models: candidates.filter((m) => takes(m, part)) }));
  const { part, models } = takers.reduce((fewest, t) => (t.models.length < fewest.models.length ? t : fewest));
  const param = PARAM[part.field];
  const what = `${part.modality} ${part.direction}`;
  const verb = part.direction === 'input' ? 'takes' : 'gives';
  if (models.length === 0) {
    return {
      param,
      message: `No current model on record ${verb} ${what} (${param}), so none can run this workload: ask without ${param}.`,
    };
  }
  const byPrice = [...models].sort((a, b) => a.input + a.output - (b.input + b.output) || a.id.localeCompare(b.id));
  const named = byPrice
    .slice(0, NAMED)
    .map((m) => `${m.name} (${m.id})`)
    .join(', ');
  const others = used.filter((u) => u !== part).map((u) => PARAM[u.field]);
  const nearest = byPrice[0] as Model;
  return {
    param,
    message: `No current model on record takes every audio, image and video part of this workload. ${models.length === 1 ? 'One model' : `${models.length} models`} ${models.length === 1 ? verb : verb.replace(/s$/, '')} ${what} (${param}), cheapest list price first: ${named}${models.length > NAMED ? ', …' : ''}${others.length ? `; ask without ${others.join(' and ')} to rank them` : ''}.`,
    nearest: { ...listed(nearest), context: nearest.context, contextTokens: nearest.contextTokens },
  };
}
