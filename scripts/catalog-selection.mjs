// Hand-curated selection of the catalogue (scripts/catalog-seed.mjs builds data/ from it; docs/catalogue.md).
// Selection: which reference records (prices.json `models`, never `deprecated_models`) are listed.
// Fields: ref = reference model_id; name = display name (else the reference's, cleaned);
// status = current | legacy; note = extra priceNote text; contextTokens = fallback when the reference
// has no context window; releaseDate = null drops a reference release date known to be wrong;
// aliases = API names of the model (the reference's dated names are added); contested = false leaves
// out the reference's account of its sources' disagreement when newer data settled it (the note says how).

const GEMMA_FREE =
  'Free of charge on the Gemini API, which has no paid tier for Gemma (genai-prices 0.1.8, citing Google\'s pricing page); the earlier price in priceHistory was OpenRouter\'s, not Google\'s.';
const DEEPSEEK_WEEKENDS =
  'Since 2026-08-23 DeepSeek bills its off-peak prices all day on Saturdays and Sundays, Beijing time, besides its daily off-peak hours (as genai-prices 0.1.8 states; its own calculator cannot apply the weekend rule and charges peak prices then).';

export const PROVIDERS = [
  {
    slug: 'openai', name: 'OpenAI', pricingUrl: 'https://openai.com/api/pricing/', longContextRule: 'at',
    models: [
      { ref: 'gpt-5.6-sol', name: 'GPT-5.6 Sol', status: 'current', aliases: ['gpt-5.6'] },
      { ref: 'gpt-5.6-terra', name: 'GPT-5.6 Terra', status: 'current' },
      { ref: 'gpt-5.6-luna', name: 'GPT-5.6 Luna', status: 'current' },
      { ref: 'gpt-5.5-pro', name: 'GPT-5.5 Pro', status: 'current' },
      { ref: 'gpt-5.3-codex', name: 'GPT-5.3 Codex', status: 'current' },
      { ref: 'gpt-5.3-codex-spark', name: 'GPT-5.3 Codex Spark', status: 'current' },
      { ref: 'gpt-chat-latest', name: 'GPT Chat (ChatGPT model, latest)', status: 'current' },
      { ref: 'gpt-5.3-chat-latest', name: 'GPT-5.3 Chat (ChatGPT model)', status: 'legacy' },
      { ref: 'gpt-5.5', name: 'GPT-5.5', status: 'legacy' },
      { ref: 'gpt-5.4', name: 'GPT-5.4', status: 'legacy' },
      { ref: 'gpt-5.4-pro', name: 'GPT-5.4 Pro', status: 'legacy' },
      { ref: 'gpt-5.4-mini', name: 'GPT-5.4 mini', status: 'legacy' },
      { ref: 'gpt-5.4-nano', name: 'GPT-5.4 nano', status: 'legacy' },
      { ref: 'gpt-5.2', name: 'GPT-5.2', status: 'legacy' },
      { ref: 'gpt-5.2-codex', name: 'GPT-5.2 Codex', status: 'legacy' },
      { ref: 'gpt-5.1', name: 'GPT-5.1', status: 'legacy' },
      { ref: 'gpt-5.1-codex-mini', name: 'GPT-5.1 Codex mini', status: 'legacy' },
      { ref: 'gpt-5', name: 'GPT-5', status: 'legacy' },
      { ref: 'gpt-5-mini', name: 'GPT-5 mini', status: 'legacy' },
      { ref: 'gpt-5-nano', name: 'GPT-5 nano', status: 'legacy' },
      { ref: 'gpt-4.1', name: 'GPT-4.1', status: 'legacy' },
      { ref: 'gpt-4.1-mini', name: 'GPT-4.1 mini', status: 'legacy' },
      { ref: 'gpt-4.1-nano', name: 'GPT-4.1 nano', status: 'legacy' },
      { ref: 'gpt-4o', name: 'GPT-4o', status: 'legacy' },
      { ref: 'gpt-4o-mini', name: 'GPT-4o mini', status: 'legacy' },
      { ref: 'o3', name: 'o3', status: 'legacy' },
      { ref: 'o3-pro', name: 'o3-pro', status: 'legacy' },
      { ref: 'o4-mini', name: 'o4-mini', status: 'legacy' },
      { ref: 'o1', name: 'o1', status: 'legacy' },
    ],
  },
  {
    slug: 'anthropic', name: 'Anthropic', pricingUrl: 'https://www.anthropic.com/pricing#api', longContextRule: 'above',
    models: [
      { ref: 'claude-fable-5', name: 'Claude Fable 5', status: 'current' },
      { ref: 'claude-opus-5', name: 'Claude Opus 5', status: 'current' },
      {
        ref: 'claude-sonnet-5', name: 'Claude Sonnet 5', status: 'current', contested: false,
        note: 'Anthropic made the introductory $2/$10 permanent and cancelled the $3/$15 increase it had scheduled for 2026-09-01 (genai-prices 0.1.8, data of 2026-09-22); the lists of July and August 2026 still showed that increase.',
      },
      { ref: 'claude-haiku-4-5', name: 'Claude Haiku 4.5', status: 'current' },
      { ref: 'claude-opus-4-8', name: 'Claude Opus 4.8', status: 'legacy' },
      { ref: 'claude-opus-4-7', name: 'Claude Opus 4.7', status: 'legacy' },
      { ref: 'claude-opus-4-6', name: 'Claude Opus 4.6', status: 'legacy' },
      { ref: 'claude-opus-4-5', name: 'Claude Opus 4.5', status: 'legacy' },
      { ref: 'claude-sonnet-4-6', name: 'Claude Sonnet 4.6', status: 'legacy' },
      { ref: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5', status: 'legacy' },
    ],
  },
  {
    slug: 'google', name: 'Google', pricingUrl: 'https://ai.google.dev/gemini-api/docs/pricing', longContextRule: 'above',
    models: [
      { ref: 'gemini-3.1-pro-preview', name: 'Gemini 3.1 Pro Preview', status: 'current' },
      { ref: 'gemini-3.1-pro-preview-customtools', name: 'Gemini 3.1 Pro Preview (custom tools)', status: 'current' },
      { ref: 'gemma-4-31b-it', name: 'Gemma 4 31B', status: 'current', note: GEMMA_FREE },
      { ref: 'gemma-4-26b-a4b-it', name: 'Gemma 4 26B A4B', status: 'current', note: GEMMA_FREE },
      {
        ref: 'gemini-3.7-flash', name: 'Gemini 3.7 Flash', status: 'current',
        note: 'Introductory rates through 2026-12-31 (genai-prices only); $1.50/$7.50 scheduled from 2027-01-01, see priceHistory.',
      },
      { ref: 'gemini-3.5-flash-lite', name: 'Gemini 3.5 Flash-Lite', status: 'current' },
      {
        ref: 'gemini-3.6-flash', name: 'Gemini 3.6 Flash', status: 'legacy',
        note: 'Introductory rates through 2026-12-31; $1.50/$7.50 scheduled from 2027-01-01, see priceHistory.',
      },
      { ref: 'gemini-3.5-flash', name: 'Gemini 3.5 Flash', status: 'legacy' },
      { ref: 'gemini-3.1-flash-lite', name: 'Gemini 3.1 Flash-Lite', status: 'legacy' },
      { ref: 'gemini-3-flash-preview', name: 'Gemini 3 Flash Preview', status: 'legacy' },
      { ref: 'gemini-2.5-pro', name: 'Gemini 2.5 Pro', status: 'legacy' },
      { ref: 'gemini-2.5-flash', name: 'Gemini 2.5 Flash', status: 'legacy' },
      { ref: 'gemini-2.5-flash-lite', name: 'Gemini 2.5 Flash-Lite', status: 'legacy' },
    ],
  },
  {
    slug: 'mistral', name: 'Mistral AI', pricingUrl: 'https://mistral.ai/pricing#api-pricing',
    models: [
      { ref: 'mistral-medium-2604', name: 'Mistral Medium 3.5', status: 'current', aliases: ['mistral-medium-3-5', 'mistral-medium-latest'] },
      { ref: 'mistral-large-2512', name: 'Mistral Large 3', status: 'current', releaseDate: null, aliases: ['mistral-large-latest'] },
      { ref: 'mistral-small-2603', name: 'Mistral Small 4', status: 'current', aliases: ['mistral-small-latest'] },
      { ref: 'ministral-14b-2512', name: 'Ministral 3 14B', status: 'current' },
      { ref: 'ministral-8b-2512', name: 'Ministral 3 8B', status: 'current', aliases: ['ministral-8b-latest'] },
      { ref: 'ministral-3b-2512', name: 'Ministral 3 3B', status: 'current' },
      { ref: 'codestral-2508', name: 'Codestral 25.08', status: 'current', aliases: ['codestral-latest'] },
      { ref: 'magistral-medium-2509', name: 'Magistral Medium 1.2', status: 'current' },
      { ref: 'magistral-small-1-2-2509', name: 'Magistral Small 1.2', status: 'current' },
      { ref: 'mistral-medium-2508', name: 'Mistral Medium 3.1', status: 'legacy' },
      { ref: 'mistral-large-2411', name: 'Mistral Large 2.1', status: 'legacy' },
      { ref: 'pixtral-large-2411', name: 'Pixtral Large', status: 'legacy' },
      { ref: 'mistral-nemo', name: 'Mistral Nemo', status: 'legacy' },
      { ref: 'pixtral-12b', name: 'Pixtral 12B', status: 'legacy' },
    ],
  },
  {
    slug: 'deepseek', name: 'DeepSeek', pricingUrl: 'https://api-docs.deepseek.com/quick_start/pricing',
    models: [
      { ref: 'deepseek-v4-pro', name: 'DeepSeek V4 Pro', status: 'current', note: DEEPSEEK_WEEKENDS },
      {
        ref: 'deepseek-v4-flash', name: 'DeepSeek V4 Flash', status: 'current', aliases: ['deepseek-chat', 'deepseek-reasoner'],
        note: `The API names deepseek-chat (non-thinking) and deepseek-reasoner (thinking) serve DeepSeek V4 Flash (models.dev), at its price; genai-prices 0.1.8 still prices them at the older V3 rates ($0.27/$1.1 and $0.55/$2.19 peak). ${DEEPSEEK_WEEKENDS}`,
      },
    ],
  },
  {
    slug: 'xai', name: 'xAI', pricingUrl: 'https://docs.x.ai/docs/models', longContextRule: 'at',
    models: [
      {
        ref: 'grok-4.5', name: 'Grok 4.5', status: 'current', aliases: ['grok-4.5-latest', 'grok-latest'],
        note: 'genai-prices 0.1.8 corrected the cache-read price to $0.3 ($0.5 is Grok 4.6\'s); the $0.5 dated before 2026-09-22 in priceHistory is that listing error, not a price xAI charged.',
      },
      {
        ref: 'grok-4.20-multi-agent', name: 'Grok 4.20 Multi-Agent', status: 'legacy', aliases: ['grok-4.20-multi-agent-0309'],
        note: 'models.dev (2026-07-02) lists the dated grok-4.20-multi-agent-0309 at $1.25/$2.5, the price of a single Grok 4.20 agent; genai-prices (2026-08-21), the newer list, gives $2/$6 for the multi-agent model.',
      },
      { ref: 'grok-build-0.1', name: 'Grok Build 0.1', status: 'current' },
      { ref: 'grok-4.3', name: 'Grok 4.3', status: 'legacy', aliases: ['grok-4.3-latest'] },
      { ref: 'grok-4.20-0309-reasoning', name: 'Grok 4.20 (Reasoning)', status: 'legacy', aliases: ['grok-4.20'] },
      { ref: 'grok-4.20-0309-non-reasoning', name: 'Grok 4.20 (Non-Reasoning)', status: 'legacy' },
    ],
  },
  {
    slug: 'cohere', name: 'Cohere', pricingUrl: 'https://cohere.com/pricing',
    models: [
      { ref: 'command-a-plus-05-2026', name: 'Command A+', status: 'current' },
      { ref: 'command-a-reasoning-08-2025', name: 'Command A Reasoning', status: 'current' },
      { ref: 'command-a-vision-07-2025', name: 'Command A Vision', status: 'current' },
      { ref: 'command-r7b-12-2024', name: 'Command R7B', status: 'current' },
      { ref: 'command-a-03-2025', name: 'Command A', status: 'legacy' },
      { ref: 'command-r-plus', name: 'Command R+', status: 'legacy' },
      { ref: 'command-r', name: 'Command R', status: 'legacy' },
    ],
  },
  {
    slug: 'amazon', name: 'Amazon', pricingUrl: 'https://aws.amazon.com/bedrock/pricing/',
    models: [
      { ref: 'amazon.nova-2-pro-preview-20251202-v1:0', name: 'Nova 2 Pro (Preview)', status: 'current' },
      {
        ref: 'amazon.nova-2-lite-v1:0', name: 'Nova 2 Lite', status: 'current', releaseDate: null,
        note: 'Price of the global cross-region endpoint; in-region endpoints are $0.33/$2.75 (the models.dev value).',
      },
      { ref: 'amazon.nova-premier-v1:0', name: 'Nova Premier', status: 'legacy' },
      { ref: 'amazon.nova-pro-v1:0', name: 'Nova Pro', status: 'legacy' },
      { ref: 'amazon.nova-lite-v1:0', name: 'Nova Lite', status: 'legacy' },
      { ref: 'amazon.nova-micro-v1:0', name: 'Nova Micro', status: 'legacy' },
    ],
  },
  {
    slug: 'alibaba', name: 'Alibaba Cloud (Qwen)', pricingUrl: 'https://www.alibabacloud.com/help/en/model-studio/models', longContextRule: 'above',
    models: [
      { ref: 'qwen3.7-max', name: 'Qwen3.7 Max', status: 'current' },
      { ref: 'qwen3.6-max-preview', name: 'Qwen3.6 Max Preview', status: 'legacy' },
      { ref: 'qwen3.7-plus', name: 'Qwen3.7 Plus', status: 'current' },
      { ref: 'qwen3.6-flash', name: 'Qwen3.6 Flash', status: 'current' },
      { ref: 'qwen3-coder-plus', name: 'Qwen3 Coder Plus', status: 'current' },
      { ref: 'qwen3-coder-flash', name: 'Qwen3 Coder Flash', status: 'current' },
      { ref: 'qwen3.6-27b', name: 'Qwen3.6 27B', status: 'current' },
      { ref: 'qwen3.6-35b-a3b', name: 'Qwen3.6 35B-A3B', status: 'current' },
      { ref: 'qwen3.6-plus', name: 'Qwen3.6 Plus', status: 'legacy' },
      { ref: 'qwen3.5-plus', name: 'Qwen3.5 Plus', status: 'legacy' },
      { ref: 'qwen3.5-397b-a17b', name: 'Qwen3.5 397B-A17B', status: 'legacy' },
      { ref: 'qwen3.5-122b-a10b', name: 'Qwen3.5 122B-A10B', status: 'legacy' },
      { ref: 'qwen3.5-35b-a3b', name: 'Qwen3.5 35B-A3B', status: 'legacy' },
      { ref: 'qwen3.5-27b', name: 'Qwen3.5 27B', status: 'legacy' },
      { ref: 'qwen3-max', name: 'Qwen3 Max', status: 'legacy' },
      { ref: 'qwen3-vl-plus', name: 'Qwen3-VL Plus', status: 'legacy' },
      { ref: 'qwen-plus', name: 'Qwen Plus', status: 'legacy' },
      { ref: 'qwen-flash', name: 'Qwen Flash', status: 'legacy' },
      { ref: 'qwen-turbo', name: 'Qwen Turbo', status: 'legacy' },
    ],
  },
  {
    slug: 'together', name: 'Together AI', pricingUrl: 'https://www.together.ai/pricing',
    models: [
      { ref: 'meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8', name: 'Llama 4 Maverick 17B 128E Instruct (FP8)', status: 'current', contextTokens: 131072 },
      { ref: 'meta-llama/Llama-4-Scout-17B-16E-Instruct', name: 'Llama 4 Scout 17B 16E Instruct', status: 'current', contextTokens: 131072 },
      { ref: 'meta-llama/Llama-3.3-70B-Instruct-Turbo', name: 'Llama 3.3 70B Instruct Turbo', status: 'legacy' },
      { ref: 'meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo', name: 'Llama 3.1 405B Instruct Turbo', status: 'legacy', contextTokens: 131072 },
      { ref: 'meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo', name: 'Llama 3.1 70B Instruct Turbo', status: 'legacy', contextTokens: 131072 },
      { ref: 'meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo', name: 'Llama 3.1 8B Instruct Turbo', status: 'legacy', contextTokens: 131072 },
    ],
  },
];

