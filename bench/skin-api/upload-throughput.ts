/**
 * Upload policy + PUT of a 5 MB file over loopback, against a bare undici PUT of the same bytes
 * to a minimal Node server measured in the same run (issue 4: aim at least 70 % of the bare
 * throughput). Prints medians and the ratio; not a test. Option: --rounds=N (default 20).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { PlatformClient } from '../../main/platform-client/client.ts';
import { uploadFile } from '../../main/platform-client/upload.ts';
import { startPlatform } from '../../platform/server.ts';
import { intArg } from './bench-args.ts';

const SIZE = 5 * 1024 * 1024;
const ROUNDS = intArg('rounds', 20);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function jpegOfSize(size: number): Buffer {
  const face = readFileSync(new URL('../../test/fixtures/faces/sample6-frontal.jpg', import.meta.url));
  // A real JPEG header followed by filler: the platform sniffs the type from the first bytes.
  return Buffer.concat([face, randomBytes(size - face.length)]);
}

async function main(): Promise<void> {
  const bytes = jpegOfSize(SIZE);
  const bare = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const address = bare.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/upload`;

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const platform = await startPlatform({ port: 0, dataDir, logLevel: 'silent', analysisWorkers: 1 });
  const creds = JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8')) as { apps: { app_id: string; app_secret: string; level: string }[] };
  const app = creds.apps.find((a) => a.level === 'merchant');
  if (!app) throw new Error('no demo app');
  const client = new PlatformClient({ addresses: { cn: platform.url, overseas: platform.url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret });
  await client.accessToken();

  const bareTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    let start = performance.now();
    const res = await request(bareUrl, { method: 'PUT', body: bytes });
    await res.body.text();
    const bareMs = performance.now() - start;
    start = performance.now();
    await uploadFile(client, { fileName: 'bench.jpg', bytes });
    const ourMs = performance.now() - start;
    // The first two rounds warm connections and caches.
    if (i >= 2) {
      bareTimes.push(bareMs);
      ourTimes.push(ourMs);
    }
  }
  const mb = SIZE / (1024 * 1024);
  const bareMbps = mb / (median(bareTimes) / 1000);
  const ourMbps = mb / (median(ourTimes) / 1000);
  console.log(`5 MB upload over loopback, median of ${ROUNDS} rounds`);
  console.log(`  bare undici PUT to a minimal Node server: ${median(bareTimes).toFixed(1)} ms  (${bareMbps.toFixed(0)} MB/s)`);
  console.log(`  upload policy + PUT (sniffed, hashed, placed atomically; flushed at task acceptance, D-025): ${median(ourTimes).toFixed(1)} ms  (${ourMbps.toFixed(0)} MB/s)`);
  console.log(`  throughput ratio (ours / bare): ${(ourMbps / bareMbps).toFixed(2)}  (aim >= 0.70)`);

  await client.close();
  await platform.close();
  bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
