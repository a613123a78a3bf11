/** A small server-rendered landing page; every catalogue value is escaped as text. */
import type { RequestContext } from '../endpoint.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function landingPage({ catalogue, baseUrl }: RequestContext): string {
  const rows = catalogue.models
    .map(
      (m) =>
        `<tr id="${escapeHtml(m.id)}"><td>${escapeHtml(m.name)}</td><td>${escapeHtml(m.provider)}</td><td>${m.tier}</td>` +
        `<td>$${m.input}</td><td>$${m.output}</td><td>${escapeHtml(m.context)}</td><td><code>${escapeHtml(m.id)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>AI model pricing</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #d0d7de}
code{font-size:13px}</style></head>
<body><h1>AI model pricing</h1>
<p>What ${catalogue.models.length} AI language models cost, in USD per million tokens, checked ${escapeHtml(catalogue.lastUpdated)}.
Free, read-only JSON API: see the <a href="${escapeHtml(baseUrl)}/docs">documentation</a>.</p>
<table><thead><tr><th>Model</th><th>Provider</th><th>Tier</th><th>Input / 1M</th><th>Output / 1M</th><th>Context</th><th>Id</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}
