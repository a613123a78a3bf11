// The baseline for npm run bench: raw node:http answering each path with precomputed bytes (the
// service's own answer for that path, captured by bench.mjs; its br variant under `path|br`, and a
// few targets captured whole), with no parsing, routing or framework.
// Started by bench.mjs with an IPC channel: it receives the routes, then reports its port.
import { createServer } from 'node:http';

process.once('message', ({ routes }) => {
  const table = new Map(
    Object.entries(routes).map(([path, r]) => [path, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') }]),
  );
  const fallback = { status: 404, headers: { 'content-type': 'text/plain', 'content-length': '9' }, body: Buffer.from('not found') };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    // A compressed variant when the client accepts br and the service gave one for this path.
    const acceptsBr = (req.headers['accept-encoding'] ?? '').split(',').some((coding) => coding.trim() === 'br');
    // A target captured whole (the bad-input row) first, then the path's answer.
    const route = (acceptsBr && table.get(`${path}|br`)) || table.get(url) || table.get(path) || fallback;
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
});
process.on('disconnect', () => process.exit(0));
