#!/usr/bin/env node
// npm run catalog:import -- --from <models.dev|litellm|openrouter> <file> [--write] [--date YYYY-MM-DD] [--data <dir>]
//
// Reads a downloaded copy of a public price list, matches its models to data/*.json (by
// referenceId, else by id) and prints the proposed changes: changed prices of our models, and
// the source's models we do not list. Nothing is written unless --write is given; then each
// changed model gets the new prices, its tier by the tier rule, checkedOn/verified = --date
// (default today, UTC), priceSource naming the file, and a priceHistory entry dated --date (the
// old prices are kept as an entry first when the history did not hold them yet). New models are
// only listed: a record needs a name, tier, quality and use cases that a price list does not give.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DATA_DIR } from './catalog-crosscheck.mjs';
import { FORMATS, matchKey, readSource, undatedKey } from './catalog-import-sources.mjs';
import { tierFor } from './catalog-seed.mjs';

export const PRICE_FIELDS = ['input', 'output', 'cachedInput', 'cacheWrite'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Record keys in the order of the schema (src/core/catalogue-schema.ts), so edits keep files tidy. */
const KEY_ORDER = [
  'id', 'name', 'tier', 'input', 'output', 'context', 'verified', 'contextTokens', 'maxOutputTokens', 'cachedInput',
  'cacheWrite', 'longContext', 'longContextSteps', 'quality', 'useCases', 'status', 'releaseDate', 'sourceUrl', 'priceSource', 'checkedOn',
  'priceNote', 'qualitySource', 'referenceId', 'priceHistory',
];

export function readDataDir(dataDir = DATA_DIR) {
  return readdirSync(dataDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ path: join(dataDir, f), json: JSON.parse(readFileSync(join(dataDir, f), 'utf8')) }));
}

/** Index of our models by `<slug>:<matchKey>`, from referenceId first, then from the id without its slug. */
function indexModels(files) {
  const index = new Map();
  const all = files.flatMap((f) => f.json.models.map((model) => ({ slug: f.json.provider.slug, model })));
  for (const { slug, model } of all) {
    if (model.referenceId) index.set(`${slug}:${matchKey(model.referenceId)}`, model);
  }
  for (const { slug, model } of all) {
    const key = `${slug}:${matchKey(model.id.slice(slug.length + 1))}`;
    if (!index.has(key)) index.set(key, model);
  }
  return index;
}

/**
 * What the source proposes: `changed` (our models whose price differs in a field the source
 * gives), `added` (source models we do not list; dated snapshots of models we list are left out),
 * and counts.
 */
export function propose(files, entries) {
  const index = indexModels(files);
  const matched = new Map(); // model id -> entry (the first entry that matches wins)
  const added = [];
  for (const e of entries) {
    const model = index.get(`${e.slug}:${e.key}`);
    if (model) {
      if (!matched.has(model.id)) matched.set(model.id, { model, entry: e });
      continue;
    }
    const base = undatedKey(e.key);
    if (base !== undefined && index.has(`${e.slug}:${base}`)) continue;
    added.push(e);
  }
  const changed = [];
  for (const { model, entry } of matched.values()) {
    const fields = PRICE_FIELDS.filter((f) => entry[f] !== undefined && entry[f] !== model[f]).map((f) => ({
      field: f,
      ours: model[f] ?? null,
      theirs: entry[f],
    }));
    if (fields.length) changed.push({ id: model.id, sourceId: entry.sourceId, fields, entry });
  }
  const ours = files.reduce((n, f) => n + f.json.models.length, 0);
  added.sort((a, b) => (a.slug + a.key < b.slug + b.key ? -1 : 1));
  return { read: entries.length, matched: matched.size, ours, changed, added };
}

const same = (a, b) => PRICE_FIELDS.every((f) => a[f] === b[f]);
const pricesOf = (p) => Object.fromEntries(PRICE_FIELDS.filter((f) => p[f] !== undefined).map((f) => [f, p[f]]));

function ordered(record) {
  const out = {};
  for (const key of KEY_ORDER) if (record[key] !== undefined) out[key] = record[key];
  for (const key of Object.keys(record)) if (!(key in out) && record[key] !== undefined) out[key] = record[key];
  return out;
}

/** The record with the source's prices as of `date`, its old prices kept in priceHistory. */
export function applyChange(model, change, { date, format, file }) {
  const old = pricesOf(model);
  const next = { ...old };
  for (const { field, theirs } of change.fields) next[field] = theirs;
  const history = [...(model.priceHistory ?? [])];
  const lastPast = history.filter((h) => h.effectiveFrom <= model.checkedOn).at(-1);
  // Keep the old prices in the history when it does not hold them yet.
  if ((!lastPast || !same(lastPast, old)) && model.checkedOn < date) {
    const from = lastPast ? model.checkedOn : (model.releaseDate ?? model.checkedOn);
    history.push({
      effectiveFrom: from,
      ...old,
      source: model.priceSource,
      note: lastPast || !model.releaseDate ? `Price as checked on ${model.checkedOn}.` : 'Price since release (no earlier change recorded).',
    });
  }
  history.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  const inForce = history.filter((h) => h.effectiveFrom <= date).at(-1);
  // A scheduled change that has now come into force is already recorded; otherwise date the new prices.
  if (!inForce || !same(inForce, next)) {
    const kept = history.filter((h) => h.effectiveFrom !== date);
    kept.push({ effectiveFrom: date, ...next, source: `${format} ${file} (catalog:import)`, note: `Imported on ${date}.` });
    kept.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
    history.splice(0, history.length, ...kept);
  }
  const [year, month] = date.split('-');
  return ordered({
    ...model,
    ...next,
    tier: tierFor(next.input, next.output),
    checkedOn: date,
    verified: `${MONTHS[Number(month) - 1]} ${year}`,
    priceSource: `${format} ${file} (catalog:import ${date})`,
    priceHistory: history,
  });
}

/** Applies every change to the files in memory; returns the paths of the files that changed. */
export function applyProposal(files, proposal, options) {
  const byId = new Map(proposal.changed.map((c) => [c.id, c]));
  const touched = [];
  for (const file of files) {
    let changed = false;
    file.json.models = file.json.models.map((model) => {
      const change = byId.get(model.id);
      if (!change) return model;
      changed = true;
      return applyChange(model, change, options);
    });
    if (changed) touched.push(file.path);
  }
  return touched;
}

const fmt = (v) => (v === null || v === undefined ? '-' : String(v));
const pad = (s, n) => (s.length >= n ? `${s} ` : s + ' '.repeat(n - s.length));

export function report(proposal, { format, file }) {
  const lines = [
    `catalog:import from ${format} (${file}): ${proposal.read} priced text models of our providers read; ` +
      `${proposal.matched} of our ${proposal.ours} models found in it.`,
    '',
    `Changed prices: ${proposal.changed.length} model(s)`,
  ];
  if (proposal.changed.length === 0) lines.push('  none');
  else {
    lines.push(`  ${pad('model', 46)}${pad('source id', 40)}${pad('field', 12)}${pad('data/', 10)}source`);
    for (const c of proposal.changed) {
      c.fields.forEach(({ field, ours, theirs }, i) => {
        lines.push(`  ${pad(i ? '' : c.id, 46)}${pad(i ? '' : c.sourceId, 40)}${pad(field, 12)}${pad(fmt(ours), 10)}${fmt(theirs)}`);
      });
    }
  }
  lines.push('', `New models in the source, not in data/: ${proposal.added.length}`);
  if (proposal.added.length === 0) lines.push('  none');
  for (const e of proposal.added) {
    const prices = PRICE_FIELDS.filter((f) => e[f] !== undefined).map((f) => `${f} ${e[f]}`).join(', ');
    lines.push(`  ${pad(e.slug, 10)}${pad(e.sourceId, 52)}${prices}`);
  }
  return lines.join('\n');
}

function usage() {
  return `Usage: npm run catalog:import -- --from <${FORMATS.join('|')}> <file> [--write] [--date YYYY-MM-DD] [--data <dir>]`;
}

function parseArgs(argv) {
  const args = { write: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--write') args.write = true;
    else if (arg === '--from' || arg === '--date' || arg === '--data') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      args[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (args.file === undefined) args.file = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (!args.from || !FORMATS.includes(args.from)) throw new Error(`--from must be one of ${FORMATS.join(', ')}`);
  if (!args.file) throw new Error('the file to read is missing');
  if (args.date !== undefined && !isCalendarDate(args.date)) throw new Error(`--date must be a date as YYYY-MM-DD; got ${args.date}`);
  return args;
}

function isCalendarDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** Runs the command; returns the exit code (0 done, 2 bad usage or unreadable file). */
export function main(argv, { out = console.log, err = console.error, today = new Date().toISOString().slice(0, 10) } = {}) {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err(`catalog:import: ${e.message}\n${usage()}`);
    return 2;
  }
  let json;
  try {
    json = JSON.parse(readFileSync(args.file, 'utf8'));
  } catch (e) {
    err(`catalog:import: cannot read ${args.file} as JSON: ${e.message}`);
    return 2;
  }
  const files = readDataDir(args.data ?? DATA_DIR);
  const entries = readSource(args.from, json);
  const proposal = propose(files, entries);
  const file = basename(args.file);
  out(report(proposal, { format: args.from, file }));
  if (!args.write) {
    out('\nDry run: nothing written. Run again with --write to apply the changed prices to data/.');
    return 0;
  }
  const date = args.date ?? today;
  const touched = applyProposal(files, proposal, { date, format: args.from, file });
  for (const f of files) if (touched.includes(f.path)) writeFileSync(f.path, `${JSON.stringify(f.json, null, 2)}\n`);
  out(
    `\nWrote ${proposal.changed.length} changed model(s) to ${touched.length} file(s), dated ${date}. ` +
      'Next: npm run catalog:check (write a priceNote for each difference from the reference you keep), then npm test.',
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(main(process.argv.slice(2)));
}
