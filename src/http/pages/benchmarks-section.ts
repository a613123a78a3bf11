/** The model page's evidence: its 0-100 scores and the benchmark results they come from, as a small table. */
import type { BenchmarkResult } from '../../core/quality/benchmarks.js';
import type { Model } from '../../core/schema/catalogue-schema.js';
import { shownValue } from '../../core/quality/score-reason.js';
import { escapeHtml } from '../../lib/escape.js';

export function benchmarksSection(model: Model, results: readonly BenchmarkResult[]): string {
  const e = escapeHtml;
  if (results.length === 0) {
    return `<h2>Benchmarks</h2>\n<p>No public leaderboard in our snapshots rates this model, so it is <b>unrated</b>: it has no 0-100 score and score-ranked answers leave it out. See docs/quality.md for how scores work.</p>`;
  }
  const scores = Object.entries(model.scores ?? {})
    .map(([name, score]) => `${e(name)} ${score}`)
    .join(', ');
  const rows = results
    .map(
      (r) =>
        `<tr><td>${e(r.name)}</td><td>${e(r.metric)} <small>(${e(r.scale)})</small></td><td class="num">${e(shownValue({ result: r }))}</td><td>${e(r.date)}</td><td><a href="${e(r.url)}" rel="noopener">${e(r.source)}</a></td></tr>`,
    )
    .join('\n');
  return `<h2>Benchmarks</h2>
<p>Scores out of 100, from these results by the rule of docs/quality.md: ${scores}.</p>
<div class="table-wrap"><table class="benchmarks">
<thead><tr><th>Benchmark</th><th>Metric (scale)</th><th>Value</th><th>Date</th><th>Source</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;
}
