/**
 * Child process of worker-shutdown.test.ts: keeps the analysis pool busy with real face jobs and
 * closes it (or times its jobs out) at a given moment. Prints `ok` and exits 0 when the process
 * survived; an abort from the native model runtime ends it with a signal instead.
 */
import { readFileSync } from 'node:fs';
import { JobTimeoutError, WorkerPool } from '../../../platform/analysis/worker-pool.ts';

const [mode = 'close', delayText = '0'] = process.argv.slice(2);
const delayMs = Number(delayText);
const photo = readFileSync(new URL('../../fixtures/faces/astronaut-frontal.jpg', import.meta.url));
const job = (timeoutMs: number) => pool.run('detect_face_pose', { bytes: new Uint8Array(photo) }, { timeoutMs });

// The pool's workers do not hold the process open (a server does, in the platform).
const keepAlive = setInterval(() => undefined, 1000);
const pool = new WorkerPool(1);
// The first job waits for the worker to load its models.
await job(60_000);

if (mode === 'close') {
  const running = Array.from({ length: 50 }, () => job(60_000).catch(() => 'closed'));
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await pool.close();
  await Promise.all(running);
} else {
  // A time limit shorter than one job: each job fails and its worker is retired mid-run.
  let timeouts = 0;
  for (let i = 0; i < 5; i++) {
    await job(1 + delayMs / 10).catch((error: unknown) => {
      if (error instanceof JobTimeoutError) timeouts += 1;
    });
  }
  // The pool still works afterwards.
  const result = await job(60_000);
  if (!result.record || timeouts === 0) throw new Error(`timeouts ${timeouts}`);
  await pool.close();
}
clearInterval(keepAlive);
console.log('ok');
