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
const VENDOR_PREFIX =
  /^(anthropic|amazon|meta|deepseek|openai|mistral|cohere|google|qwen|moonshotai|moonshot|xai|writer|minimax|zai|nvidia)\./;
/**
 * Vendor and platform prefixes some sellers join with a hyphen (Venice's and DigitalOcean's
 * `openai-gpt-oss-120b`, `google-gemma-4-31b-it`, `zai-org-glm-5.1`, `nvidia-nemotron-3-ultra-550b-a55b`, Databricks'
 * `databricks-gpt-oss-120b`).
 */
const HYPHEN_PREFIX = /^(openai|google|zai-org|nvidia|databricks)-/;
/**
 * Path folders that name a serving variant, not an organisation: NanoGPT's `TEE/` (confidential
 * compute, its own price). They stay a token, so the variant never merges with the plain model.
 */
const VARIANT_FOLDER = new Set(['tee']);

/**
 * Tokens a seller may leave out of a model's name when models.dev links its entry to that model
 * (`base_model`): the instruction-tuned and preview marks, a release date, the `-0` of `claude-sonnet-4-0`
 * and a mixture-of-experts model's active size (`-a12b`, implied by its total size). Never a size,
 * a version number or a variant: those name another model.
 */
const OMITTABLE = /^(it|instruct|preview|latest|0|\d{8}|a\d+b)$/;

/** The normalised form of a seller's model id: lower case, path, region, vendor and version suffix gone, `3.1`/`3p1` as `3-1`. */
export function normaliseId(id: string): string {
  const folders = id.trim().toLowerCase().split('/');
  let key = folders.pop() as string;
  key = key.replace(REGION_PREFIX, '').replace(VENDOR_PREFIX, '').replace(HYPHEN_PREFIX, '');
  key = [...folders.filter((f) => VARIANT_FOLDER.has(f)), key].join('-');
  // Bedrock's version suffixes: `-v1:0`, `-1:0` (`openai.gpt-oss-120b-1:0`), `:0`.
  key = key.replace(/-v?\d+:\d+$/, '').replace(/:\d+$/, '');
  // Vertex dates a model after an @ (claude-sonnet-4-5@20250929): the date stays a token.
  key = key.replace(/@/g, '-');
  // 3.1, 3p1 (Fireworks) and 3_3 (OVHcloud) are one version spelling.
  key = key.replace(/(\d)[.p_](\d)/g, '$1-$2').replace(/(\d)[.p_](\d)/g, '$1-$2');
  key = key.replace(/[._\s]+/g, '-');
  return key
    .split('-')
    .filter((t) => t !== '' && !HARMLESS.has(t))
    .join('-');
}

/**
 * Whether a seller's normalised id names the model models.dev links it to (normalised): the same
 * tokens in any order, the same name spelt without some dashes (`qwen-3-6-plus` / `qwen3-6-plus`,
 * `minimax-m25` / `minimax-m2-5`), or the model's name less tokens a seller may omit (OMITTABLE) and
 * nothing added. So a link to another size, version or variant (models.dev links
 * `gemma-4-31B-turbo-TEE` to Gemma 4 31B, and Databricks' `claude-sonnet-4` to Sonnet 4.5) never merges.
 */
export function sameModel(id: string, base: string): boolean {
  const a = id.split('-');
  const b = base.split('-');
  if (a.length === b.length && [...a].sort().join('-') === [...b].sort().join('-')) return true;
  if (id.replace(/-/g, '') === base.replace(/-/g, '')) return true;
  return a.every((t) => b.includes(t)) && b.every((t) => a.includes(t) || OMITTABLE.test(t));
}

/** Tokens that name a serving variant: confidential compute, speed tiers, quantisations. */
const VARIANT_TOKEN =
  /^(tee|fast|turbo|highspeed|lightning|flex|fp8|fp4|fp16|bf16|int4|int8|nvfp4|mxfp4|awq|gptq|\d+bit)$/;

/** A normalised id's serving-variant tokens (`tee`, `fast`, `fp8`, ...), and the id without them. */
export function servingVariant(key: string): { variant: string[]; plain: string } {
  const tokens = key.split('-');
  return {
    variant: tokens.filter((t) => VARIANT_TOKEN.test(t)),
    plain: tokens.filter((t) => !VARIANT_TOKEN.test(t)).join('-'),
  };
}

/** The keys a catalogue record answers to: its id without the provider prefix, its referenceId and aliases, normalised. */
export function modelKeys(
  record: { id: string; referenceId?: string; aliases?: readonly string[] },
  providerSlug: string,
): string[] {
  const strip = (id: string) => (id.startsWith(`${providerSlug}-`) ? id.slice(providerSlug.length + 1) : id);
  const keys = [
    strip(record.id),
    ...(record.referenceId ? [record.referenceId] : []),
    ...(record.aliases ?? []).map(strip),
  ].map(normaliseId);
  return [...new Set(keys)];
}
