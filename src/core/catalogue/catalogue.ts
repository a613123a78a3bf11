/** Builds the validated, indexed catalogue from the parsed data files. Pure: callers do the I/O. */
import * as z from 'zod';
import { formatContext } from '../pricing/context-window.js';
import {
  providerFileSchema,
  type CatalogueFile,
  type Model,
  type ModelData,
  type ProviderFile,
} from '../schema/catalogue-schema.js';
import { attachEvidence, type EvidenceSource } from '../quality/evidence.js';
import { assembleCatalogue } from './assemble.js';
import type { Catalogue, ProviderInfo } from './catalogue-type.js';
import type { TokenizerTable } from '../pricing/tokenizer-table.js';
import { tokenizerAssigner } from '../pricing/tokenizers.js';

export type { CatalogueFile } from '../schema/catalogue-schema.js';

export type { Catalogue, ProviderInfo } from './catalogue-type.js';

/** A data file that does not hold a valid catalogue; the message names file, model and field. */
export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/**
 * The price files, the benchmark evidence (data/quality/benchmarks.json) when there is one, and
 * the tokenizer table (data/tokenizers/tokenizers.json) whose rules name each model's tokenizer
 * on its record, when given.
 */
export function buildCatalogue(
  files: readonly CatalogueFile[],
  evidence?: EvidenceSource,
  tokenizers?: TokenizerTable,
): Catalogue {
  if (files.length === 0) throw new CatalogueError('the catalogue has no data files');
  const models: Model[] = [];
  const providers: ProviderInfo[] = [];
  const byId = new Map<string, Model>();
  const aliases: Array<{ alias: string; model: Model; where: string }> = [];
  const tokenizerOf = tokenizers === undefined ? undefined : tokenizerAssigner(tokenizers);

  for (const { file, data, checked } of files) {
    const parsed = checked
      ? { success: true as const, data: data as ProviderFile }
      : providerFileSchema.safeParse(data);
    if (!parsed.success) throw new CatalogueError(describeIssue(file, data, parsed.error));
    const { provider } = parsed.data;
    if (providers.some((p) => p.slug === provider.slug)) {
      throw new CatalogueError(`${file}: provider "${provider.slug}" is already defined by another file`);
    }
    providers.push(provider);
    for (const record of parsed.data.models) {
      const where = `${file}: model "${record.id}"`;
      checkRecord(record, provider.slug, where);
      const key = record.id.toLowerCase();
      if (byId.has(key)) throw new CatalogueError(`${where}, field "id": duplicate id`);
      const model = toModel(record, provider);
      if (tokenizerOf) model.tokenizer = tokenizerOf(provider.slug, model.id);
      byId.set(key, model);
      models.push(model);
      for (const alias of record.aliases ?? []) aliases.push({ alias, model, where });
    }
  }
  // Aliases go in after every id is known, so an alias that is another file's id is caught too.
  for (const { alias, model, where } of aliases) {
    const taken = byId.get(alias);
    if (taken) {
      const what = taken.id === alias ? `is the id of a model ("${alias}")` : `is already an alias of "${taken.id}"`;
      throw new CatalogueError(
        `${where}, field "aliases": "${alias}" ${what}; an alias names one model and is never an id`,
      );
    }
    byId.set(alias, model);
  }

  const { details: scoreDetails, results: benchmarksOf, problem } = attachEvidence(models, evidence);
  if (problem) throw new CatalogueError(problem);

  return assembleCatalogue({ models, providers, byId, scoreDetails, benchmarksOf });
}

/** The checks zod cannot make on one record: its id's provider, context text, threshold order, aliases. */
function checkRecord(record: ModelData, slug: string, where: string): void {
  if (!record.id.startsWith(`${slug}-`)) {
    throw new CatalogueError(`${where}, field "id": must start with "${slug}-"`);
  }
  if (record.context !== formatContext(record.contextTokens)) {
    throw new CatalogueError(
      `${where}, field "context": "${record.context}" does not match contextTokens ${record.contextTokens} (expected "${formatContext(record.contextTokens)}")`,
    );
  }
  if (record.longContext && record.longContext.threshold >= record.contextTokens) {
    throw new CatalogueError(`${where}, field "longContext.threshold": must be below contextTokens`);
  }
  if (record.longContextSteps) {
    let previous = record.longContext?.threshold;
    if (previous === undefined)
      throw new CatalogueError(`${where}, field "longContextSteps": needs longContext, the first step`);
    for (const [i, step] of record.longContextSteps.entries()) {
      if (step.threshold <= previous || step.threshold >= record.contextTokens) {
        throw new CatalogueError(
          `${where}, field "longContextSteps.${i}.threshold": must be above the previous step's (${previous}) and below contextTokens`,
        );
      }
      previous = step.threshold;
    }
  }
  // No provider publishes off-peak prices for long-context bands, so the engine has no rule for both.
  if (record.offPeak && record.longContext) {
    throw new CatalogueError(
      `${where}, field "offPeak": a model with off-peak prices cannot also have longContext prices`,
    );
  }
  // No provider publishes service-tier prices for off-peak hours, so the engine has no rule for both.
  if (record.offPeak && record.serviceTiers) {
    throw new CatalogueError(
      `${where}, field "serviceTiers": a model with off-peak prices cannot also have service-tier prices`,
    );
  }
  const seen = new Set<string>();
  for (const [i, alias] of (record.aliases ?? []).entries()) {
    if (!alias.startsWith(`${slug}-`))
      throw new CatalogueError(`${where}, field "aliases.${i}": "${alias}" must start with "${slug}-"`);
    if (alias === record.id)
      throw new CatalogueError(`${where}, field "aliases.${i}": "${alias}" is the record's own id`);
    if (seen.has(alias)) throw new CatalogueError(`${where}, field "aliases.${i}": "${alias}" is listed twice`);
    seen.add(alias);
  }
}

/** "data/x.json: model "x-y", field "input": Too small: ..." from the first zod issue. */
function describeIssue(file: string, data: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `${file}: invalid catalogue file`;
  const path = issue.path.map(String);
  let where = file;
  let fieldPath = path;
  if (path[0] === 'models' && path.length >= 2) {
    const index = Number(path[1]);
    const record = (data as { models?: Array<{ id?: unknown }> }).models?.[index];
    const id = typeof record?.id === 'string' ? record.id : `#${index}`;
    where = `${file}: model "${id}"`;
    fieldPath = path.slice(2);
  }
  const field = fieldPath.length ? `, field "${fieldPath.join('.')}"` : '';
  return `${where}${field}: ${issue.message}`;
}

/**
 * The served record: the nine SPEC 2.1 fields first, in the spec's order, then the extras; a model
 * with long-context prices also carries its provider's longContextRule ("above" when unstated), and
 * a model of a provider with a batch API its provider's batch discount (unless it has its own),
 * where the record is the provider's own door: a record priced at another seller's door (its
 * `referenceDoor`: gpt-oss at Azure or Together) has that seller's batch or none, never the maker's.
 */
function toModel(record: ModelData, provider: ProviderFile['provider']): Model {
  const { id, name, tier, input, output, context, verified, ...extras } = record;
  const rule = record.longContext ? { longContextRule: provider.longContextRule ?? 'above' } : {};
  const makersDoor = record.referenceDoor === undefined || record.referenceDoor.seller === provider.slug;
  const batch = record.batch === undefined && provider.batch && makersDoor ? { batch: provider.batch } : {};
  return {
    id,
    name,
    provider: provider.name,
    providerSlug: provider.slug,
    tier,
    input,
    output,
    context,
    verified,
    ...extras,
    ...rule,
    ...batch,
  };
}
