// npm run bench's processes (scripts/bench.mjs): servers started pinned to the server CPU, their
// cold start, one answer asked with node:http, and a process's CPU time and memory from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';

export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

// Every server started, killed when the bench exits however it ends.
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));
process.on('SIGINT', () => process.exit(130));

/** Starts `command` pinned to the server CPU with `env` added; resolves once a line of its stdout gives the port. */
export async function startPinned(command, env = {}) {
  const started = performance.now();
  const child = spawn('taskset', ['-c', SERVER_CPU, ...command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /"port":(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited (${code}) before listening`)));
  });
  // taskset execs the command: the pid is the server's own.
  return { child, port, pid: child.pid, started };
}

/**
 * A server started by `start` and its cold start: coldStartMs is spawn to the first answer of
 * /healthz, coldStartCpuMs the CPU time the process had used by then.
 */
export async function startCold(start) {
  const s = await start();
  while ((await ask(s.port, '/healthz')).status !== 200) await new Promise((r) => setTimeout(r, 1));
  return { ...s, coldStartMs: performance.now() - s.started, coldStartCpuMs: cpuMicros(s.pid) / 1000 };
}

/** Kills a server; resolves once it has exited (so that the next start does not share its CPU with the teardown). */
export const stop = (s) => {
  const exited =
    s.child.exitCode === null && s.child.signalCode === null
      ? new Promise((r) => s.child.once('exit', r))
      : Promise.resolve();
  s.child.kill('SIGKILL');
  children.delete(s.child);
  return exited;
};

/** One answer as sent, read with node:http (fetch would decode a compressed body). */
export function ask(port, target, acceptEncoding = '') {
  return new Promise((resolve) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = get({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve({ status: 0 }));
  });
}

// Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on nearly every Linux).
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;

/** A process's CPU time so far (user + system, all its threads), in µs (proc(5): fields 14 and 15). */
export function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}

export const statusKb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
