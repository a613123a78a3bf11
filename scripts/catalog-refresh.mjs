#!/usr/bin/env node
// npm run catalog:refresh -- [--write] [--models-dev SRC] [--litellm SRC] [--openrouter SRC]
//                            [--genai-prices SRC|package] [--data DIR] [--today YYYY-MM-DD] [--since YYYY-MM-DD]
//
// Reads the public price lists (SRC: an http(s) URL or a file; without any, all four from their
// public URLs), compares them with data/*.json and prints every proposed change with its source and
// date: changed prices, new models, removed models, API aliases, long-context rules. With --write it
// applies them (docs/catalogue.md, "The refresh"). A source that is down or not what it should be:
// nothing is written, the message names the source, exit 1.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA_DIR } from './catalog-crosscheck.mjs';
import { FORMATS, readSource } from './catalog-read-source.mjs';
import { propose } from './catalog-refresh-plan.mjs';
import { applyProposal } from './catalog-refresh-apply.mjs';
import { readDataDir, report } from './catalog-refresh-report.mjs';

export const DEFAULT_URLS = {
  'models.dev': 'https://models.dev/api.json',
  litellm: 'https://raw.githubusercontent.com/BerriAI/litellm/main/model_prices_and_context_window.json',
  openrouter: 'https://openrouter.ai/api/v1/models',
  'genai-prices': 'https://raw.githubusercontent.com/pydantic/genai-prices/main/prices/new_data/v2/data.json',
};
/** The day the data bundled in the pinned @pydantic/genai-prices was last checked (its newest price comment). */
export const GENAI_PACKAGE_DATE = '2026-09-22';
const GENAI_PROVIDERS = ['openai', 'anthropic', 'google', 'mistral', 'deepseek', 'x-ai', 'cohere', 'aws', 'together'];
const TIMEOUT_MS = 60_000;

const isDate = (t) => typeof t === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(t) && new Date(`${t}T00:00:00Z`).toISOString().startsWith(t);

function parseArgs(argv) {
  const args = { write: false, sources: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--write') { args.write = true; continue; }
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    const value = argv[i + 1];
    if (name === undefined || !(FORMATS.includes(name) || ['data', 'today', 'since'].includes(name))) throw new Error(`unknown argument ${arg}`);
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    i++;
    if (FORMATS.includes(name)) args.sources[name] = value;
    else args[name] = value;
  }
  for (const k of ['today', 'since']) if (args[k] !== undefined && !isDate(args[k])) throw new Error(`--${k} must be a date as YYYY-MM-DD; got ${args[k]}`);
  if (Object.keys(args.sources).length === 0) args.sources = { ...DEFAULT_URLS };
  return args;
}

/** The JSON of one source and its date (Last-Modified of a URL, mtime of a file, the package's data date). */
async function fetchSource(format, src, today) {
  if (format === 'genai-prices' && src === 'package') {
    const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
    const { version } = JSON.parse(readFileSync(resolve(dirname(entry), '..', 'package.json'), 'utf8'));
    const { findProvider } = await import('@pydantic/genai-prices');
    const json = GENAI_PROVIDERS.map((id) => findProvider({ providerId: id })).filter(Boolean);
    return { json, date: GENAI_PACKAGE_DATE, label: `genai-prices ${version} data of ${GENAI_PACKAGE_DATE}` };
  }
  if (/^https?:\/\//.test(src)) {
    let response;
    try {
      response = await fetch(src, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (e) {
      throw new Error(`cannot be reached at ${src}: ${e.cause?.code ?? e.message}`);
    }
    if (!response.ok) throw new Error(`answered HTTP ${response.status} at ${src}`);
    const text = await response.text();
    const modified = response.headers.get('last-modified');
    const date = modified && !Number.isNaN(Date.parse(modified)) ? new Date(modified).toISOString().slice(0, 10) : today;
    return { json: parseJson(text, src), date, label: `${format} data of ${date}` };
  }
  let text;
  try {
    text = readFileSync(src, 'utf8');
  } catch (e) {
    throw new Error(`cannot be read from ${src}: ${e.code ?? e.message}`);
  }
  const date = statSync(src).mtime.toISOString().slice(0, 10);
  return { json: parseJson(text, src), date, label: `${format} data of ${date}` };
}

function parseJson(text, src) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`returned something that is not JSON at ${src} (starts with ${JSON.stringify(text.slice(0, 40))})`);
  }
}

const daysBefore = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Runs the command; resolves to the exit code (0 done, 1 a source failed, 2 bad usage). */
export async function main(argv, { out = console.log, err = console.error, today = new Date().toISOString().slice(0, 10) } = {}) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err(`catalog:refresh: ${e.message}`);
    return 2;
  }
  const day = args.today ?? today;
  const sources = [];
  const failures = [];
  for (const [format, src] of Object.entries(args.sources)) {
    try {
      const { json, date, label } = await fetchSource(format, src, day);
      sources.push({ format, src, date, label, entries: readSource(format, json, { today: day }) });
    } catch (e) {
      failures.push(`catalog:refresh: source ${format} ${e.message}`);
    }
  }
  if (failures.length) {
    for (const f of failures) err(f);
    err('catalog:refresh: nothing written; fix or leave out the failing source(s) and run again.');
    return 1;
  }
  const dataDir = args.data ?? DATA_DIR;
  const files = readDataDir(dataDir);
  const proposal = propose(files, sources, { today: day, since: args.since ?? daysBefore(day, 90) });
  out(report(proposal));
  if (!args.write) {
    out('\nDry run: nothing written. Run again with --write to apply these changes to data/.');
    return 0;
  }
  const touched = applyProposal(files, proposal, { today: day });
  for (const f of files) if (touched.includes(f.path)) writeFileSync(f.path, `${JSON.stringify(f.json, null, 2)}\n`);
  out(`\nWrote ${touched.length} file(s) in ${dataDir}, checked ${day}. Next: npm test.`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
