// npm run catalog:refresh -- --modalities DIR end to end: a temporary folder shaped as the
// reference's hosts/ and a temporary copy of the small refresh data dir; no price source is read.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { providerFileSchema } from '../../src/core/schema/catalogue-schema.js';
import { main } from '../../src/refresh/main.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'catalog-modalities-'));
  dirs.push(d);
  return d;
};

function setUp() {
  const data = temp();
  cpSync(resolve(import.meta.dirname, '..', 'fixtures', 'refresh', 'data'), data, { recursive: true });
  const hosts = temp();
  writeFileSync(
    join(hosts, 'models-dev-offers.json'),
    JSON.stringify({
      offers: [
        { host: 'openai', hostModelId: 'gpt-alpha', modalities: { input: ['text', 'image', 'pdf'], output: ['text'] } },
      ],
    }),
  );
  writeFileSync(join(hosts, 'models-dev-models.json'), JSON.stringify({ models: {} }));
  // Two dated lists: the newer is read.
  writeFileSync(
    join(hosts, 'openrouter-models-2026-01-01.json'),
    JSON.stringify({
      data: [
        {
          id: 'deepseek/deepseek-v9',
          architecture: { input_modalities: ['text', 'audio'], output_modalities: ['text'] },
        },
      ],
    }),
  );
  writeFileSync(
    join(hosts, 'openrouter-models-2026-08-01.json'),
    JSON.stringify({
      data: [
        { id: 'deepseek/deepseek-v9', architecture: { input_modalities: ['text'], output_modalities: ['text'] } },
        { id: 'openai/gpt-alpha', architecture: { input_modalities: ['text'], output_modalities: ['text'] } },
      ],
    }),
  );
  return { data, hosts };
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), today: '2026-12-01' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const model = (data: string, file: string, id: string) =>
  providerFileSchema.parse(JSON.parse(readFileSync(join(data, file), 'utf8'))).models.find((m) => m.id === id);

it('a dry run says how many files would change and writes nothing', async () => {
  const { data, hosts } = setUp();
  const { code, out } = await run(['--modalities', hosts, '--data', data]);
  expect(code).toBe(0);
  expect(out).toContain('Modalities: 2 file(s) would change');
  expect(model(data, 'deepseek.json', 'deepseek-deepseek-v9')?.modalities).toBeUndefined();
});

it('--write sets each model the sources name, keeps models.dev where OpenRouter disagrees, and validates', async () => {
  const { data, hosts } = setUp();
  const { code } = await run(['--modalities', hosts, '--data', data, '--write']);
  expect(code).toBe(0);
  expect(model(data, 'deepseek.json', 'deepseek-deepseek-v9')?.modalities).toEqual({
    input: ['text'],
    output: ['text'],
    source: 'OpenRouter deepseek/deepseek-v9',
    checkedOn: '2026-12-01',
  });
  const alpha = model(data, 'openai.json', 'openai-gpt-alpha')?.modalities;
  expect(alpha).toMatchObject({ input: ['text', 'image'], source: 'models.dev openai/gpt-alpha' });
  expect(alpha?.note).toContain('OpenRouter openai/gpt-alpha lists input text; output text; models.dev kept');
  expect(model(data, 'openai.json', 'openai-gpt-beta')?.modalities).toBeUndefined();
});

it('a folder without the files is a failure naming it, and nothing is written', async () => {
  const { data } = setUp();
  const empty = temp();
  const { code, err } = await run(['--modalities', empty, '--data', data, '--write']);
  expect(code).toBe(1);
  expect(err).toContain('catalog:refresh: modalities:');
  expect(err).toContain('models-dev-offers.json');
  expect(model(data, 'openai.json', 'openai-gpt-alpha')?.modalities).toBeUndefined();
});
