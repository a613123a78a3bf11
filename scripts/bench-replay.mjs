// The two baselines of npm run bench: servers that replay the service's own answers (status,
// headers and bytes, captured by bench.mjs) with no parsing and no computing.
//   node scripts/bench-replay.mjs raw  ROUTES.json   plain node:http
//   node scripts/bench-replay.mjs hono ROUTES.json   a minimal Hono app on @hono/node-server, answering
//                                                    as a Hono user writes it: c.body(bytes, status, headers)
// ROUTES.json: [{ target, acceptEncoding, status, headers: [[name, value], ...], body (base64),
// anyQuery }]. An answer is looked up by the request target and Accept-Encoding; a route marked
// anyQuery also answers every other query on its path (the unique rows: one answer of that
// endpoint stands for all). Prints {"port":N} once listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [mode, file] = process.argv.slice(2);
const routes = new Map();
const byPath = new Map();
for (const r of JSON.parse(readFileSync(file, 'utf8'))) {
  const answer = {
    status: r.status,
    // The service's headers as raw node:http writes them (a list) and as a Hono handler passes them (a record).
    flat: r.headers.flat(),
    record: Object.fromEntries(r.headers),
    body: Buffer.from(r.body, 'base64'),
  };
  routes.set(`${r.target}\n${r.acceptEncoding}`, answer);
  if (r.anyQuery) byPath.set(`${r.target.split('?')[0]}\n${r.acceptEncoding}`, answer);
}
const NOT_FOUND = {
  status: 404,
  flat: ['content-type', 'text/plain'],
  record: { 'content-type': 'text/plain' },
  body: Buffer.from('not found'),
};

/** The answer to a request target with the given Accept-Encoding. */
function lookup(target, acceptEncoding = '') {
  const mark = target.indexOf('?');
  return (
    routes.get(`${target}\n${acceptEncoding}`) ??
    (mark === -1 ? undefined : byPath.get(`${target.slice(0, mark)}\n${acceptEncoding}`)) ??
    NOT_FOUND
  );
}

const ready = (port) => console.log(JSON.stringify({ port }));

if (mode === 'raw') {
  const server = createServer((req, res) => {
    const answer = lookup(req.url ?? '/', req.headers['accept-encoding']);
    res.writeHead(answer.status, answer.flat).end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => ready(server.address().port));
} else if (mode === 'hono') {
  // Imported here, so that the raw server loads neither (for its cold start: the adapter loads
  // Node's fetch classes, about 50 ms).
  const [{ serve }, { Hono }] = await Promise.all([import('@hono/node-server'), import('hono')]);
  const app = new Hono();
  app.get('*', (c) => {
    const url = c.req.url;
    const answer = lookup(url.slice(url.indexOf('/', 8)), c.req.header('accept-encoding'));
    return c.body(answer.body, answer.status, answer.record);
  });
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ready(info.port));
} else {
  console.error('usage: node scripts/bench-replay.mjs raw|hono ROUTES.json');
  process.exit(2);
}
