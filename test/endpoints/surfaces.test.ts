/**
 * One declaration per endpoint, every surface made from it: each surface's parameters, read from
 * what that surface offers (HTTP answers, the OpenAPI document, MCP's tools/list, the CLI's
 * --help), equal the declaration's. A workload parameter is declared once (workloadQuery) and every
 * cost endpoint takes it on every surface, so adding one is one change in one place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import type { AnyEndpoint } from '../../src/endpoints/endpoint.js';
import { API_ENDPOINTS } from '../../src/endpoints/index.js';
import { workloadQuery } from '../../src/endpoints/workload.js';
import { fixtureApp } from '../fixtures/catalogue.js';

const WORKLOAD = Object.keys(workloadQuery({ input: 1, output: 1 }));
const COST_PATHS = ['/api/calculate', '/api/cheapest', '/api/compare', '/api/recommend', '/api/offers'];
// A file (ignoreQuery) reads no parameter, whatever the query holds.
const declared = (e: AnyEndpoint) => (e.ignoreQuery ? [] : Object.keys(e.query.shape));
const app = fixtureApp();

/** The names the route takes: those it does not refuse as unknown (a name it does not take is refused). */
async function httpParams(e: AnyEndpoint): Promise<string[]> {
  const taken: string[] = [];
  for (const name of [...declared(e), ...(e.ignoreQuery ? [] : ['not_a_parameter'])]) {
    const init =
      e.method === 'POST' ? { method: 'POST', body: 'date,model\n', headers: { 'content-type': 'text/csv' } } : {};
    const res = await app.request(`http://localhost${e.path}?${name}=%40`, init);
    const body = (res.headers.get('content-type') ?? '').includes('json')
      ? ((await res.json()) as { error?: { code: string } })
      : {};
    if (body.error?.code !== 'unknown_parameter') taken.push(name);
  }
  return taken;
}

type Operation = { parameters: Array<{ name: string }> };
let openapi: Record<string, Record<string, Operation>>;
let tools: Array<{ name: string; inputSchema: { properties: Record<string, unknown> } }>;

/** A command's options as its --help lists them, as the query names them. */
async function cliParams(command: string): Promise<string[]> {
  let help = '';
  expect(await run([command, '--help'], { out: (t) => void (help += t), err: (t) => void (help += t), env: {} })).toBe(
    0,
  );
  return [...help.matchAll(/^ {2}--([a-z0-9-]+) <value>/gm)].map((m) => m[1]!.replaceAll('-', '_'));
}

beforeAll(async () => {
  openapi = ((await (await app.request('http://localhost/openapi.json')).json()) as { paths: typeof openapi }).paths;
  const listed = await app.request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  tools = ((await listed.json()) as { result: { tools: typeof tools } }).result.tools;
});

describe('every surface takes the parameters its endpoint declares', () => {
  it('finds the surfaces it compares', () => {
    expect(API_ENDPOINTS.map((e) => e.path)).toEqual(
      expect.arrayContaining([...COST_PATHS, '/api/pricing', '/api/reprice']),
    );
    expect(tools.length).toBe(API_ENDPOINTS.filter((e) => e.tool).length);
    expect(API_ENDPOINTS.flatMap((e) => e.commands ?? []).length).toBeGreaterThanOrEqual(8);
  });

  for (const e of API_ENDPOINTS) {
    it(`${e.method ?? 'GET'} ${e.path}: HTTP, OpenAPI, MCP and CLI`, async () => {
      const names = declared(e);
      expect(await httpParams(e)).toEqual(names);
      const operation = openapi[e.path]?.[(e.method ?? 'GET').toLowerCase()];
      expect(operation?.parameters.map((p) => p.name)).toEqual(names);
      if (e.tool) {
        const tool = tools.find((t) => t.name === e.tool?.name);
        const body = e.body ? [e.body.argument.name] : [];
        expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(
          [...body, ...(e.tool.keys ?? names)].sort(),
        );
      }
      for (const command of e.commands ?? [])
        expect(await cliParams(command.name), command.name).toEqual(command.params ?? names);
    });
  }

  it('takes every workload parameter on every cost endpoint, on every surface', async () => {
    for (const path of COST_PATHS) {
      const e = API_ENDPOINTS.find((x) => x.path === path)!;
      expect(declared(e), path).toEqual(expect.arrayContaining(WORKLOAD));
      expect(await httpParams(e), path).toEqual(expect.arrayContaining(WORKLOAD));
      expect(
        openapi[path]?.get?.parameters.map((p) => p.name),
        path,
      ).toEqual(expect.arrayContaining(WORKLOAD));
      expect(Object.keys(tools.find((t) => t.name === e.tool?.name)?.inputSchema.properties ?? {}), path).toEqual(
        expect.arrayContaining(WORKLOAD),
      );
      for (const command of e.commands ?? [])
        expect(await cliParams(command.name), command.name).toEqual(expect.arrayContaining(WORKLOAD));
    }
  });
});
