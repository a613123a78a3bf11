/** What a cost record warns about before anyone acts on it: each a code and a sentence. */
import type { Model } from './catalogue-schema.js';
import type { Workload } from './cost.js';
import { fitMessage, fitProblem } from './fit.js';

export interface Warning {
  code: 'context_window' | 'max_output' | 'free_tier_only' | 'no_batch_discount';
  message: string;
}

/**
 * The warnings of pricing this workload on this model: the request does not fit (the provider
 * would refuse it), the model is served only on a free tier (its $0 is no capacity to buy), or
 * batch was asked of a provider with no batch discount on record (billed at standard rates).
 */
export function costWarnings(model: Model, workload: Workload): Warning[] {
  const warnings: Warning[] = [];
  const problem = fitProblem(model, workload.inputTokens, workload.outputTokens);
  if (problem) warnings.push({ code: problem, message: fitMessage(model, problem, workload.inputTokens, workload.outputTokens) });
  if (model.freeTierOnly) {
    warnings.push({
      code: 'free_tier_only',
      message: `${model.provider} serves ${model.name} only on a free, rate-limited tier: its $0 is not capacity you can buy for this workload.`,
    });
  }
  if (workload.mode === 'batch' && !model.batch) {
    warnings.push({
      code: 'no_batch_discount',
      message: `${model.provider} has no batch API with a published discount on record for ${model.name}: batch is priced at standard rates.`,
    });
  }
  return warnings;
}
