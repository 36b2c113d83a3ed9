/**
 * Upload policy + PUT of a 5 MB file over loopback, against a bare undici PUT of the same bytes
 * to a minimal Node server measured in the same run (issue 4: aim at least 70 % of the bare
 * throughput). Two minimal servers are measured: one that reads and discards the body (the
 * issue's baseline) and one that also writes it to a file, so the cost of storing the bytes is
 * told apart from the cost of the platform's own work. Prints medians and ratios; not a test.
 * Option: --rounds=N (default 20).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { PlatformClient } from '../../main/platform-client/client.ts';
import { uploadFile } from '../../main/platform-client/upload.ts';
import { startPlatform } from '../../platform/server.ts';
import { intArg } from './bench-args.ts';
import { median } from '../median.ts';

const SIZE = 5 * 1024 * 1024;
const ROUNDS = intArg('rounds', 20);


function jpegOfSize(size: number): Buffer {
  const face = readFileSync(new URL('../../test/fixtures/faces/sample6-frontal.jpg', import.meta.url));
  // A real JPEG header followed by filler: the platform sniffs the type from the first bytes.
  return Buffer.concat([face, randomBytes(size - face.length)]);
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close: () => void }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/upload`, close: () => server.close() };
}

async function timedPut(url: string, bytes: Buffer): Promise<number> {
  const start = performance.now();
  const res = await request(url, { method: 'PUT', body: bytes });
  await res.body.text();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const bytes = jpegOfSize(SIZE);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-upload-'));
  const discard = await listen((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.end('ok'));
  });
  let n = 0;
  const toFile = await listen((req, res) => {
    void pipeline(req, createWriteStream(join(dataDir, `minimal-${n++}`))).then(() => res.end('ok'));
  });

  const platform = await startPlatform({ port: 0, dataDir: join(dataDir, 'platform'), logLevel: 'silent', analysisWorkers: 1 });
  const creds = JSON.parse(readFileSync(join(dataDir, 'platform', 'demo-credentials.json'), 'utf8')) as { apps: { app_id: string; app_secret: string; level: string }[] };
  const app = creds.apps.find((a) => a.level === 'merchant');
  if (!app) throw new Error('no demo app');
  const client = new PlatformClient({ addresses: { cn: platform.url, overseas: platform.url }, region: 'overseas', appId: app.app_id, appSecret: app.app_secret });
  await client.accessToken();

  const times = { discard: [] as number[], toFile: [] as number[], ours: [] as number[] };
  for (let i = 0; i < ROUNDS + 2; i++) {
    const discardMs = await timedPut(discard.url, bytes);
    const toFileMs = await timedPut(toFile.url, bytes);
    const start = performance.now();
    await uploadFile(client, { fileName: 'bench.jpg', bytes });
    const ourMs = performance.now() - start;
    // The first two rounds warm connections and caches.
    if (i >= 2) {
      times.discard.push(discardMs);
      times.toFile.push(toFileMs);
      times.ours.push(ourMs);
    }
  }
  const mb = SIZE / (1024 * 1024);
  const rate = (values: number[]) => mb / (median(values) / 1000);
  const line = (label: string, values: number[]) => `  ${label}: ${median(values).toFixed(1)} ms  (${rate(values).toFixed(0)} MB/s)`;
  console.log(`5 MB upload over loopback, median of ${ROUNDS} rounds`);
  console.log(line('bare undici PUT to a minimal Node server that discards the body', times.discard));
  console.log(line('bare undici PUT to a minimal Node server that writes it to a file', times.toFile));
  console.log(line('upload policy + PUT (sniffed, hashed, placed atomically; flushed at task acceptance, D-025)', times.ours));
  console.log(`  throughput ratio ours / discarding server: ${(rate(times.ours) / rate(times.discard)).toFixed(2)}  (issue aim >= 0.70)`);
  console.log(`  throughput ratio ours / file-writing server: ${(rate(times.ours) / rate(times.toFile)).toFixed(2)}`);

  await client.close();
  await platform.close();
  discard.close();
  toFile.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
