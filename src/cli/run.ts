/**
 * The CLI's commands: the API's answers on the command line, offline, from the bundled catalogue
 * (data/). argv → the endpoint's own query parsing and handler → a table or --json.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { Catalogue } from '../core/catalogue/catalogue.js';
import { closestMatches } from '../core/catalogue/suggest.js';
import { systemClock, today, type Clock } from '../lib/clock.js';
import { TextReply } from '../endpoints/endpoint.js';
import { API_ENDPOINTS } from '../endpoints/index.js';
import { ApiError } from '../lib/errors.js';
import { JSON_TYPE, toJson } from '../lib/json.js';
import { parseQuery, splitList, type QuerySchema } from '../endpoints/params.js';
import { loadCatalogueFromDir } from '../runtime/node/load-catalogue.js';
import { parseArgs, toOption, type ParsedArgs } from './args.js';
import { CliError } from './cli-error.js';
import { fromPositionals, QUERY_COMMANDS, type QueryCommand } from './commands.js';

export const PROGRAM = 'ai-model-pricing';
const DEFAULT_BASE_URL = 'http://localhost:8787';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  /** The clock answers read today from (default: the system's; tests fix it). */
  clock?: Clock;
}

/** Runs one command line; resolves with the exit code (0 done, 1 failure, 2 bad input), or null while serving. */
export async function run(argv: readonly string[], io: Io): Promise<number | null> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      (name === undefined ? io.err : io.out)(usage());
      return name === undefined ? 2 : 0;
    }
    const command = QUERY_COMMANDS.find((c) => c.name === name);
    if (command) return await runQuery(command, parseArgs(rest, booleanOptions(schemaOf(command))), io);
    if (name === 'serve') return await serve(parseArgs(rest), io);
    if (name === 'mcp') return await mcp(parseArgs(rest), io);
    const names = [...QUERY_COMMANDS.map((c) => c.name), 'serve', 'mcp'];
    const hint = closestMatches(name, names, 1);
    throw new CliError(
      `unknown command ${JSON.stringify(name)}.${hint.length ? ` Did you mean ${hint[0]}?` : ''} Run ${PROGRAM} --help.`,
    );
  } catch (err) {
    if (err instanceof CliError) {
      io.err(`${PROGRAM}${name && !name.startsWith('-') ? ` ${name}` : ''}: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

async function runQuery(command: QueryCommand, args: ParsedArgs, io: Io): Promise<number> {
  const schema = schemaOf(command);
  if (args.help) {
    io.out(commandHelp(command, schema));
    return 0;
  }
  const known = Object.keys(schema.shape);
  for (const [param] of args.query) {
    if (!known.includes(param)) {
      const hint = closestMatches(param, known, 1)
        .map((p) => ` Did you mean --${toOption(p)}?`)
        .join('');
      throw new CliError(`unknown option --${toOption(param)}.${hint} Run ${PROGRAM} ${command.name} --help.`);
    }
  }
  // The body from a file; or ids given apart (`compare a b`) or as the API takes them (`compare a,b`).
  const text = command.body ? readBody(command, args.positionals) : undefined;
  const query = new URLSearchParams([
    ...(command.body ? [] : fromPositionals(command, args.positionals.flatMap(splitList))),
    ...args.query,
  ]);
  try {
    const params = parseQuery(query, schema);
    const body =
      command.endpoint.body && text !== undefined ? await command.endpoint.body.read(text, params) : undefined;
    const reply = await command.endpoint.handle(
      params,
      {
        catalogue: loadCatalogue(io.env),
        // Read away from the service: every link absolute.
        baseUrl: baseUrl(io.env),
        origin: baseUrl(io.env),
        assets: {},
        today: today(io.clock ?? systemClock),
      },
      body,
    );
    // A large answer (reprice's detail=rows) comes already serialised, in slices.
    if (reply instanceof TextReply && reply.type !== JSON_TYPE)
      throw new Error(`${command.endpoint.path} did not answer with JSON`);
    const json = reply instanceof TextReply ? reply.body : toJson(reply);
    // The table's words name options as typed here (--include-free-tier), not as the API's query spells them.
    io.out(args.json ? `${json}\n` : `${command.render(toPlain(asOptions(json, known)))}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const param = err.details.param;
    // "days must be …" (the parameter first, as parseQuery words it) is "--days must be …" here.
    const named =
      param && known.includes(param) && err.message.startsWith(`${param} `)
        ? `--${toOption(param)}${err.message.slice(param.length)}`
        : err.message;
    const message = asOptions(named, known);
    const option =
      param && known.includes(param) && !message.includes(`--${toOption(param)}`) ? ` (--${toOption(param)})` : '';
    throw new CliError(`${message}${option}`);
  }
}

/** The one file a body command reads (`reprice FILE`): its text, read here, never sent anywhere. */
function readBody(command: QueryCommand, positionals: readonly string[]): string {
  const [file, ...more] = positionals;
  const what = command.body?.what ?? 'a file';
  if (file === undefined || more.length)
    throw new CliError(
      `${command.name} takes one ${command.body?.usage ?? 'FILE'} (${what}); run ${PROGRAM} ${command.name} --help`,
    );
  try {
    if (!statSync(file).isFile()) throw new Error('not a file');
    return readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`cannot read ${JSON.stringify(file)} (${what} file)`);
  }
}

/** The command's on/off options: the parameters whose values are true and false (flag). */
function booleanOptions(schema: QuerySchema): Set<string> {
  return new Set(
    Object.entries(schema.shape)
      .filter(([, field]) => {
        const values = field.meta()?.enum;
        return Array.isArray(values) && values.length === 2 && values.includes('true') && values.includes('false');
      })
      .map(([name]) => name),
  );
}

/**
 * Text that names a query parameter, as the API's messages do (`include_free_tier=true`,
 * `service_tier=standard`, "without min_context"), with the option instead (`--include-free-tier`,
 * `--service-tier standard`, "without --min-context"): only the command's own parameters, never
 * inside a URL or a JSON key, and a bare name only when it has an underscore (no English word does).
 */
export function asOptions(text: string, known: readonly string[]): string {
  return text.replace(
    /(^|[\s(`'])([a-z][a-z_]*)(?:=([A-Za-z0-9_.:,-]*[A-Za-z0-9_]))?(?=[\s.,;:)`'"]|$)/g,
    (whole, before: string, name: string, value: string | undefined) => {
      if (!known.includes(name) || (value === undefined && !name.includes('_'))) return whole;
      return `${before}--${toOption(name)}${value === undefined || value === 'true' ? '' : ` ${value}`}`;
    },
  );
}

/** The command's query schema: the endpoint's, or the part of it the command takes. */
function schemaOf(command: QueryCommand): QuerySchema {
  const shape = command.endpoint.query.shape;
  if (!command.params) return command.endpoint.query;
  return z.object(Object.fromEntries(command.params.map((p) => [p, shape[p] as QuerySchema['shape'][string]])));
}

async function serve(args: ParsedArgs, io: Io): Promise<number | null> {
  if (args.help) {
    io.out(
      `Usage: ${PROGRAM} serve [--port 8787] [--host 0.0.0.0]\n\nServes the HTTP API (and /mcp) with the bundled catalogue. PORT, HOST, BASE_URL and DATA_DIR are read from the environment too.\n`,
    );
    return 0;
  }
  if (args.positionals.length) throw new CliError(`serve takes no arguments; got ${args.positionals.join(' ')}`);
  const env: NodeJS.ProcessEnv = { ...io.env };
  for (const [param, value] of args.query) {
    if (param === 'port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
        throw new CliError(`--port must be a port number from 0 to 65535; got ${JSON.stringify(value)}`);
      env.PORT = value;
    } else if (param === 'host') env.HOST = value;
    else throw new CliError(`unknown option --${toOption(param)}; serve takes --port and --host`);
  }
  const { startServer } = await import('../runtime/node/server.js');
  startServer(env);
  return null;
}

async function mcp(args: ParsedArgs, io: Io): Promise<number | null> {
  if (args.help) {
    const tools = API_ENDPOINTS.flatMap((e) => (e.tool ? [e.tool.name] : []));
    io.out(
      `Usage: ${PROGRAM} mcp\n\nA Model Context Protocol server on stdin/stdout, with the tools ${tools.slice(0, -1).join(', ')} and ${tools.at(-1) ?? ''}.\n`,
    );
    return 0;
  }
  if (args.positionals.length || args.query.length) throw new CliError('mcp takes no arguments');
  const catalogue = loadCatalogue(io.env);
  const { serveMcpStdio } = await import('../mcp/stdio.js');
  await serveMcpStdio({
    catalogue: () => catalogue,
    baseUrl: baseUrl(io.env),
    ...(io.clock ? { clock: io.clock } : {}),
  });
  return null;
}

function usage(): string {
  const width = Math.max(...QUERY_COMMANDS.map((c) => c.name.length), 'serve'.length);
  const line = (name: string, summary: string) => `  ${name.padEnd(width)}  ${summary}`;
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    "AI model prices and what workloads cost, offline, from the bundled catalogue. Options are the HTTP API's",
    "query parameters spelled --input-tokens 2000, with the same defaults; --json prints the API's JSON.",
    '',
    'Commands:',
    ...QUERY_COMMANDS.map((c) => line(c.name, c.summary)),
    line('serve', 'Serve the HTTP API (--port, --host)'),
    line('mcp', 'A Model Context Protocol server on stdin/stdout'),
    '',
    `Run ${PROGRAM} <command> --help for its options. Exit codes: 0 done, 2 bad input, 1 failure.`,
    '',
  ].join('\n');
}

function commandHelp(command: QueryCommand, schema: QuerySchema): string {
  const positionals = command.body?.usage ?? command.ids?.usage ?? '';
  const options = Object.entries(schema.shape).map(([param, field]): readonly [string, string] => {
    const meta = field.meta() ?? {};
    const description = typeof meta.description === 'string' ? meta.description : '';
    const fallback = typeof meta.default === 'string' ? ` Default: ${meta.default}.` : '';
    const values = Array.isArray(meta.enum) ? ` One of: ${meta.enum.join(', ')}.` : '';
    return [`--${toOption(param)} <value>`, `${description}${values}${fallback}`];
  });
  options.push(['--json', "Print the API's JSON answer instead of a table."], ['--help', 'Show this help.']);
  const width = Math.max(...options.map(([o]) => o.length));
  return [
    `Usage: ${PROGRAM} ${command.name}${positionals ? ` ${positionals}` : ''} [options]`,
    '',
    command.body
      ? `${command.summary}. Read and priced on this machine (as ${command.endpoint.method ?? 'GET'} ${command.endpoint.path} answers, without its ${(command.endpoint.body?.maxBytes ?? 0) / 1024 / 1024} MiB limit).`
      : `${command.summary} (as GET ${command.endpoint.path}).`,
    '',
    'Options:',
    ...options.map(([o, d]) => `  ${o.padEnd(width)}  ${d}`),
    '',
  ].join('\n');
}

// A JSON string or number token; strings first, so a number is never read from inside one.
const JSON_TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The answer's JSON text parsed for printing, money never through a float: a number that would not
 * print back as written (an amount under 10^-6 USD, written as 0.000000001, or one from 10^6 USD
 * with more than 15 significant digits) is kept as its text.
 */
export function toPlain(json: string): Record<string, unknown> {
  const kept = json.replace(JSON_TOKEN, (token) =>
    token.startsWith('"') || String(Number(token)) === token ? token : `"${token}"`,
  );
  return JSON.parse(kept) as Record<string, unknown>;
}

let loaded: Catalogue | undefined;
function loadCatalogue(env: NodeJS.ProcessEnv): Catalogue {
  loaded ??= loadCatalogueFromDir(env.DATA_DIR ?? join(projectRoot(), 'data'));
  return loaded;
}

function baseUrl(env: NodeJS.ProcessEnv): string {
  return (env.BASE_URL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The package root (holding data/), whether this runs from src/cli/ or from dist/. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
