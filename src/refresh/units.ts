/** Reading the sources' ids and prices: the join key of a model, and prices as exact decimals. */

const ROUTING_PREFIX =
  /^(openai|anthropic|gemini|mistral|deepseek|xai|cohere|cohere_chat|bedrock|bedrock_converse|dashscope|together_ai)\//;
export const REGION_PREFIX = /^(global|us|eu|apac|jp|au|ca|us-gov)\./;

/**
 * The id used to join a source's entry to a catalogue record: lower case, without litellm's
 * routing prefix, Bedrock's region prefix, `amazon.` and version suffix (`:0`), dots read as
 * dashes (OpenRouter writes `claude-opus-4.6` for `claude-opus-4-6`).
 */
export function matchKey(id: string): string {
  return String(id)
    .toLowerCase()
    .replace(ROUTING_PREFIX, '')
    .replace(REGION_PREFIX, '')
    .replace(/^amazon\./, '')
    .replace(/:\d+$/, '')
    .replace(/\./g, '-');
}

/** A dated snapshot key (`gpt-4-1-2025-04-14`, `claude-opus-4-6-20260205`) -> its undated base, else undefined. */
export function undatedKey(key: string): string | undefined {
  const match = /^(.+?)-(\d{4}-\d{2}-\d{2}|\d{8})$/.exec(key);
  return match ? match[1] : undefined;
}

/** `<slug>-<key>` as catalogue ids are written: lower case, characters outside [a-z0-9.-] as `-`. */
export function catalogueId(slug: string, name: string): string {
  const key = String(name)
    .toLowerCase()
    .replace(/^meta-llama\//, '')
    .replace(/:\d+$/, '')
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${key}`;
}

/** Plain decimal text of a non-negative number or numeric string (`1e-7` -> `0.0000001`), else undefined. */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    const text = String(value);
    if (!/e/i.test(text)) return text;
    return value.toFixed(20).replace(/\.?0+$/, '');
  }
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  if (typeof value === 'string' && /^\d+(\.\d+)?e-?\d+$/i.test(value.trim())) return decimalText(Number(value));
  return undefined;
}

/**
 * `value × 10^shift`, rounded half up to 9 decimals (the catalogue's precision), computed on the
 * decimal text so that no binary float noise is introduced (3e-6 per token is exactly 3 per 1M).
 */
export function scaledPrice(value: unknown, shift = 0): number | undefined {
  const text = decimalText(value);
  if (text === undefined) return undefined;
  const [whole = '', fraction = ''] = text.split('.');
  const digits = BigInt(whole + fraction);
  const scale = fraction.length - shift; // decimals of the shifted value
  let nanos: bigint;
  if (scale <= 9) nanos = digits * 10n ** BigInt(9 - scale);
  else {
    const divisor = 10n ** BigInt(scale - 9);
    nanos = (digits * 2n + divisor) / (divisor * 2n);
  }
  const padded = nanos.toString().padStart(10, '0');
  return Number(`${padded.slice(0, -9)}.${padded.slice(-9)}`.replace(/\.?0+$/, ''));
}

/** USD per token (number or string) -> USD per 1M tokens. */
export const perTokenToPerMillion = (value: unknown): number | undefined => scaledPrice(value, 6);

/** Whether a source's model outputs only text (no modalities listed counts as text). */
export const textOnly = (modalities: unknown): boolean =>
  !Array.isArray(modalities) || modalities.every((m) => m === 'text');
