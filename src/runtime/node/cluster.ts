/**
 * WORKERS=n: the Node entry as a node:cluster primary that runs n servers sharing one port, so the
 * service uses every core. WORKERS=1 (the default) keeps a single process; WORKERS=auto uses one
 * worker per available core.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/** The number of server processes WORKERS asks for (1 when unset); a bad value is an error naming it. */
export function workerCount(env: NodeJS.ProcessEnv): number {
  const text = env.WORKERS?.trim();
  if (!text) return 1;
  if (text === 'auto') return availableParallelism();
  const count = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= 256))
    throw new RangeError(`WORKERS must be a whole number from 1 to 256, or auto; got "${text.slice(0, 20)}"`);
  return count;
}

/**
 * Called by the Node entry before it serves. Returns true when this process became the cluster's
 * primary (WORKERS > 1): it then forks the workers, which run the entry again and serve, and it
 * passes SIGHUP (reload) and SIGTERM/SIGINT (drain) on to them. Returns false when this process
 * should serve itself: a single process, or a worker.
 */
export function startCluster(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!cluster.isPrimary) return false;
  const count = workerCount(env);
  if (count === 1) return false;

  let stopping = false;
  const fork = () => cluster.fork(env);
  for (let i = 0; i < count; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that dies on its own (a crash, not a drain) is replaced, after a pause so that a
    // worker failing at start-up does not spin.
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), msg: 'worker exited; starting another', pid: worker.process.pid, code, signal })}\n`,
    );
    setTimeout(fork, 1000).unref();
  });
  // A worker that cannot start (bad data, port taken) fails every fork alike: give up then.
  let started = 0;
  cluster.on('listening', () => void started++);
  cluster.on('exit', (_worker, code) => {
    if (started === 0 && code !== 0 && !stopping) {
      stopping = true;
      process.stderr.write('ai-model-pricing: workers failed to start\n');
      process.exit(1);
    }
  });

  const forward = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGHUP', () => forward('SIGHUP'));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      forward('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  }
  return true;
}
