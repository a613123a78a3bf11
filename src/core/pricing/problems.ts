/**
 * Workloads the engine refuses to price, as problems the endpoints answer with a 400 naming the
 * field: a service tier with batch (no provider on record sells both together), parts of the
 * input or output that add up to more than it, and a modality a model is on record as not taking.
 */
import type { Modality, Model } from '../schema/catalogue-schema.js';
import type { BillableExtras, Workload } from './cost.js';

export interface WorkloadProblem {
  code: 'tier_with_batch' | 'parts_exceed_total' | 'modality_not_supported';
  /** The Workload field at fault: `serviceTier`, `inputTokens`, `outputTokens` or an extras field (`extras.inputAudioTokens`). */
  field: string;
  message: string;
}

type ModalityField =
  | 'inputAudioTokens'
  | 'cacheAudioReadTokens'
  | 'outputAudioTokens'
  | 'inputImageTokens'
  | 'outputImageTokens'
  | 'inputVideoTokens'
  | 'outputVideoTokens';

/** The extras that are tokens of a modality, with its direction and the unit price that shows the model takes it. */
export const MODALITY_FIELDS: ReadonlyArray<{
  field: ModalityField;
  modality: Exclude<Modality, 'text'>;
  direction: 'input' | 'output';
  price: 'inputAudio' | 'outputAudio' | 'inputImage' | 'outputImage' | 'inputVideo' | 'outputVideo';
}> = [
  { field: 'inputAudioTokens', modality: 'audio', direction: 'input', price: 'inputAudio' },
  { field: 'cacheAudioReadTokens', modality: 'audio', direction: 'input', price: 'inputAudio' },
  { field: 'outputAudioTokens', modality: 'audio', direction: 'output', price: 'outputAudio' },
  { field: 'inputImageTokens', modality: 'image', direction: 'input', price: 'inputImage' },
  { field: 'outputImageTokens', modality: 'image', direction: 'output', price: 'outputImage' },
  { field: 'inputVideoTokens', modality: 'video', direction: 'input', price: 'inputVideo' },
  { field: 'outputVideoTokens', modality: 'video', direction: 'output', price: 'outputVideo' },
];

/**
 * Whether the model takes (input) or gives (output) the modality: true when its modalities record
 * lists it or it publishes a price for it (a price implies it), false when its record leaves it
 * out, undefined when no source on record says.
 */
export function takesModality(
  model: Pick<Model, 'modalities' | 'unitPrices'>,
  modality: Exclude<Modality, 'text'>,
  direction: 'input' | 'output',
): boolean | undefined {
  const priced = MODALITY_FIELDS.some(
    (f) => f.modality === modality && f.direction === direction && model.unitPrices?.[f.price] !== undefined,
  );
  if (priced || model.modalities?.[direction].includes(modality)) return true;
  return model.modalities ? false : undefined;
}

const n = (value: number) => value.toLocaleString('en-US');
const count = (x: BillableExtras, f: keyof BillableExtras) => x[f] ?? 0;

/** What is wrong with the workload whatever the model: undefined when nothing. */
export function workloadProblem(w: Workload): WorkloadProblem | undefined {
  if (w.mode === 'batch' && w.serviceTier !== undefined && w.serviceTier !== 'standard') {
    return {
      code: 'tier_with_batch',
      field: 'serviceTier',
      message: `The ${w.serviceTier} service tier is not sold with batch: no provider on record documents the two together (batch has its own discount).`,
    };
  }
  const x = w.extras ?? {};
  if (count(x, 'cacheAudioReadTokens') > Math.min(count(x, 'inputAudioTokens'), w.cachedInputTokens ?? 0)) {
    return {
      code: 'parts_exceed_total',
      field: 'extras.cacheAudioReadTokens',
      message: `cached audio tokens (${n(count(x, 'cacheAudioReadTokens'))}) are part of both the audio input and the cached input, so at most the smaller of them.`,
    };
  }
  const cached = w.cachedInputTokens ?? 0;
  const input =
    cached +
    (w.cacheWriteTokens ?? 0) +
    count(x, 'inputAudioTokens') -
    count(x, 'cacheAudioReadTokens') +
    count(x, 'inputImageTokens') +
    count(x, 'inputVideoTokens');
  if (input > w.inputTokens) {
    return {
      code: 'parts_exceed_total',
      field: 'inputTokens',
      message: `The parts of the input (cache reads and writes, uncached audio, image and video tokens: ${n(input)}) exceed the input tokens (${n(w.inputTokens)}).`,
    };
  }
  const output =
    count(x, 'reasoningTokens') +
    count(x, 'outputAudioTokens') +
    count(x, 'outputImageTokens') +
    count(x, 'outputVideoTokens');
  if (output > w.outputTokens) {
    return {
      code: 'parts_exceed_total',
      field: 'outputTokens',
      message: `The parts of the output (reasoning, audio, image and video tokens: ${n(output)}) exceed the output tokens (${n(w.outputTokens)}).`,
    };
  }
  return undefined;
}

/** A modality the workload bills that the model is on record as not taking (or giving): undefined when none. */
export function modalityProblem(model: Model, w: Workload): WorkloadProblem | undefined {
  const x = w.extras;
  if (!x) return undefined;
  for (const { field, modality, direction } of MODALITY_FIELDS) {
    if ((x[field] ?? 0) > 0 && takesModality(model, modality, direction) === false) {
      const verb = direction === 'input' ? 'takes no' : 'gives no';
      return {
        code: 'modality_not_supported',
        field: `extras.${field}`,
        message: `${model.name} (${model.id}) ${verb} ${modality} ${direction} (${model.modalities?.source ?? 'its record'}).`,
      };
    }
  }
  return undefined;
}
