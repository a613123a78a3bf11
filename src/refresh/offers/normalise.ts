/**
 * Normalised model ids, for matching one model across sellers that spell it differently
 * (`deepseek-ai/DeepSeek-V4-Pro`, `accounts/fireworks/models/deepseek-v4-pro`,
 * `global.anthropic.claude-opus-4-8-v1:0`). Two ids name the same model only when their tokens
 * agree exactly, so sizes (`-8b`), quantisations (`-fp8`, `-6bit`), speed variants (`-turbo`,
 * `-fast`) and versions (`-0813`, `3.1` against `3.3`) never merge.
 */

/** Tokens that say nothing about the weights served: Vertex's model-as-a-service suffix. */
const HARMLESS = new Set(['maas']);

/** Bedrock's cross-region prefixes (`global.`, `us.`, ...). */
const REGION_PREFIX = /^(global|us|eu|apac|jp|au|ca|us-gov)\./;
/** Bedrock's vendor prefixes (`anthropic.claude-...`, `deepseek.v3-...`). */
const VENDOR_PREFIX = /^(anthropic|amazon|meta|deepseek|openai|mistral|cohere|google|qwen|moonshotai|moonshot|xai|writer|minimax|zai|nvidia)\./;

/** The normalised form of a seller's model id: lower case, path, region, vendor and version suffix gone, `3.1`/`3p1` as `3-1`. */
export function normaliseId(id: string): string {
  let key = id.trim().toLowerCase();
  key = key.slice(key.lastIndexOf('/') + 1);
  key = key.replace(REGION_PREFIX, '').replace(VENDOR_PREFIX, '');
  key = key.replace(/-v\d+:\d+$/, '').replace(/:\d+$/, '');
  // Vertex dates a model after an @ (claude-sonnet-4-5@20250929): the date stays a token.
  key = key.replace(/@/g, '-');
  // 3.1, 3p1 (Fireworks) and 3_3 (OVHcloud) are one version spelling.
  key = key.replace(/(\d)[.p_](\d)/g, '$1-$2').replace(/(\d)[.p_](\d)/g, '$1-$2');
  key = key.replace(/[._\s]+/g, '-');
  return key.split('-').filter((t) => t !== '' && !HARMLESS.has(t)).join('-');
}

/** The keys a catalogue record answers to: its id without the provider prefix, its referenceId and aliases, normalised. */
export function modelKeys(record: { id: string; referenceId?: string; aliases?: readonly string[] }, providerSlug: string): string[] {
  const strip = (id: string) => (id.startsWith(`${providerSlug}-`) ? id.slice(providerSlug.length + 1) : id);
  const keys = [strip(record.id), ...(record.referenceId ? [record.referenceId] : []), ...(record.aliases ?? []).map(strip)].map(normaliseId);
  return [...new Set(keys)];
}
