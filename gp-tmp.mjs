import { findProvider } from '@pydantic/genai-prices';
for (const id of ['openai','anthropic','google','mistral','deepseek','x-ai','cohere','aws','together']) {
  const p = findProvider({providerId:id});
  console.log('##', id, p.pricing_urls, p.price_comments ?? '');
  for (const m of p.models) {
    if (m.deprecated) continue;
    console.log(m.id, JSON.stringify(m.match), m.context_window ?? '', JSON.stringify(m.prices), m.price_comments ? 'C: '+m.price_comments : '');
  }
}
