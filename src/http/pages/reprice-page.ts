/** The site's /reprice page: a usage export dropped here is read in the browser; only its rows are sent. */
import { pageFrame } from './html.js';

/**
 * The form's method is dialog: outside a dialog, submitting it does nothing, so Enter in the targets
 * box never navigates away, even before /assets/reprice.js (which prices on submit) has loaded.
 */
export function repricePage(): string {
  const main = `<h1>Re-price your own usage</h1>
<p>Drop a usage export: ccusage <code>daily --json</code> or <code>monthly --json</code>, the OpenAI or Anthropic usage API, OpenRouter activity, or a CSV
(<code>date,model,input_tokens,output_tokens,…,cost</code>, see <a href="/docs">the API reference</a>). The file is read in your browser;
only its rows (dates, models, token counts, reported costs) are sent to <code>POST /api/reprice</code>, and nothing is stored.</p>
<form id="reprice-form" class="reprice" method="dialog">
<label for="reprice-file">Usage export <input id="reprice-file" type="file" name="file" accept=".json,.csv,application/json,text/csv"></label>
<label for="reprice-targets">Also price it on (model ids, comma-separated; <code>&lt;model-id&gt;@cheapest</code> for its cheapest vetted door) <input id="reprice-targets" name="targets" type="text" autocomplete="off" spellcheck="false" placeholder="openai-gpt-5.6-terra,deepseek-deepseek-v4-pro"></label>
<button type="submit" id="reprice-go">Re-price</button>
</form>
<div id="reprice-drop" class="drop" tabindex="0">…or drop the file here.</div>
<p id="reprice-status" role="status" aria-live="polite"></p>
<figure id="reprice-chart" class="hidden"><figcaption>Cost per day, each line named in the legend above; where two lines coincide, the wide one shows beneath the dashed one.</figcaption></figure>
<div id="reprice-result"></div>`;
  return pageFrame({
    title: 'Re-price your usage · AI model pricing',
    description: "What your usage cost at its own dates' prices, at today's, and on other models.",
    main,
    scriptPath: '/assets/reprice.js',
  });
}
