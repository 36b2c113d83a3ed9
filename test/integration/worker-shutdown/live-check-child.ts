/**
 * Child process of worker-shutdown.test.ts: the kiosk's live face check in its worker, fed
 * preview frames back to back, closed (or timed out) at a given moment. Prints `ok` and exits 0
 * when the process survived.
 */
import sharp from 'sharp';
import { createWorkerLiveCheck, LiveCheckWorkerError } from '../../../main/capture/worker-live-check.ts';

const [mode = 'close', delayText = '0'] = process.argv.slice(2);
const delayMs = Number(delayText);
const { data, info } = await sharp(new URL('../../fixtures/faces/astronaut-frontal.jpg', import.meta.url).pathname)
  .resize(640, 480, { fit: 'cover' })
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const frame = { width: info.width, height: info.height, data: new Uint8Array(data) };
const module = new URL('../../../main/capture/face-live-check.ts', import.meta.url);

const keepAlive = setInterval(() => undefined, 1000);
if (mode === 'close') {
  const live = createWorkerLiveCheck({ module, options: {} });
  await live.check(frame);
  let stop = false;
  const loop = (async () => {
    while (!stop) await live.check(frame).catch(() => (stop = true));
  })();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  await live.close();
  stop = true;
  await loop;
} else {
  // A limit shorter than one check: every check fails and its worker is replaced mid-run.
  const live = createWorkerLiveCheck({ module, options: {}, timeoutMs: 1 + delayMs / 10 });
  let timeouts = 0;
  for (let i = 0; i < 4; i++) {
    await live.check(frame).catch((error: unknown) => {
      if (error instanceof LiveCheckWorkerError && error.code === 'timeout') timeouts += 1;
    });
  }
  await live.close();
  if (timeouts === 0) throw new Error('no check timed out');
}
clearInterval(keepAlive);
console.log('ok');
