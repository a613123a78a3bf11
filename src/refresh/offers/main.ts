/**
 * `npm run catalog:doors [-- --hosts DIR] [--data DIR] [--propose] [--today YYYY-MM-DD]`: reads who sells each catalogue model
 * (models.dev's provider entries and LiteLLM's price file, as in ../shared/reference/hosts or as the
 * weekly workflow downloads them, models.dev's api.json and LiteLLM's file dated --today; and the
 * pinned @pydantic/genai-prices package, newest first) and writes data/offers/<maker>.json for the
 * reviewed sellers of data/offers/sellers.json. Source sellers it cannot place are listed for review,
 * and each record priced at a reference door by rule is checked against the doors.
 * --propose also writes data/proposals/open-weight.json: open-weight models the catalogue lacks
 * with at least five vetted direct sellers, for review.
 */
import { mkdirSync } from 'node:fs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { doorsFileSchema, sellersFileSchema } from '../../core/offers/door-schema.js';
import { buildDoors } from './build.js';
import { diffDoors } from './diff.js';
import { proposeOpenWeight } from './propose.js';
import { checkReferenceDoors } from './reference.js';
import { readDoorSources, readRecords } from './io.js';

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      hosts: { type: 'string', default: '../shared/reference/hosts' },
      data: { type: 'string', default: 'data' },
      propose: { type: 'boolean', default: false },
      today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    },
  });
  const hosts = values.hosts as string;
  const data = values.data as string;
  const records = readRecords(data);
  const sellers = sellersFileSchema.parse(readJson(join(data, 'offers', 'sellers.json'))).sellers;
  const { raws, labels, modelsDev } = await readDoorSources(hosts, values.today as string);
  const [gpLabel, llLabel, mdLabel] = labels;
  const built = buildDoors(records, sellers, raws, labels);
  for (const file of built.files) {
    const path = join(data, 'offers', `${file.maker}.json`);
    const before = existsSync(path) ? doorsFileSchema.safeParse(readJson(path)).data : undefined;
    const changes = diffDoors(before, file);
    writeFileSync(path, `${JSON.stringify(doorsFileSchema.parse(file), null, 2)}\n`);
    console.log(
      `${path}: ${file.doors.length} doors, ${changes.length} changes${changes.length ? `\n  ${changes.join('\n  ')}` : ''}`,
    );
  }
  for (const line of checkReferenceDoors(records, built.files, built.referenceDoors, sellers)) console.log(line);
  if (values.propose) {
    // The snapshot's provider-neutral records; a fresh download (api.json) has none, so the candidates are its open-weight entries.
    const neutralPath = join(hosts, 'models-dev-models.json');
    const neutral = existsSync(neutralPath) ? readJson(neutralPath) : {};
    const proposals = proposeOpenWeight(neutral, modelsDev, records, sellers, raws, values.today as string);
    mkdirSync(join(data, 'proposals'), { recursive: true });
    const path = join(data, 'proposals', 'open-weight.json');
    const about = `Open-weight models (models.dev open_weights) the catalogue does not list, sold by at least five vetted direct sellers (maker, cloud or host; docs/offers.md): proposed for review, not added. From ${[gpLabel, llLabel, mdLabel].join('; ')}.`;
    writeFileSync(
      path,
      `${JSON.stringify({ about, generated: values.today, count: proposals.length, proposals }, null, 2)}\n`,
    );
    console.log(`${path}: ${proposals.length} open-weight models proposed`);
  }
  for (const x of built.suspect)
    console.log(`Kept apart as suspect: ${x.seller} ${x.sellerModelId} (${x.model}): ${x.reason}`);
  if (built.variants.length) {
    console.log(
      `Serving variants, doors of their own (their own price, never the plain model's; kept out of rankings): ${built.variants.map((v) => `${v.seller} ${v.sellerModelId} (${v.variant} of ${v.model})`).join(', ')}`,
    );
  }
  if (built.unreviewed.length) {
    console.log(
      `Sellers to review (their doors are left out): ${built.unreviewed.map((u) => `${u.alias} (${u.doors})`).join(', ')}`,
    );
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
