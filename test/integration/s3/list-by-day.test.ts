/**
 * Listing one day's keys (D-142) on both object stores, the real Swift S3 server and the local
 * disk: every key made that day, across all sixteen partitions and pages, and nothing else (keys
 * of the days around it, keys made before D-142); the whole listing still holds everything.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedKey, LIST_PARTITIONS } from '../../../platform/objects/dated-keys.ts';
import { LocalObjectStore } from '../../../platform/objects/local-object-store.ts';
import type { ObjectStore } from '../../../platform/objects/object-store.ts';
import { S3ObjectStore } from '../../../platform/objects/s3-object-store.ts';
import { startTestS3Server, type TestS3Server } from '../../helpers/s3-server.ts';

const DAY_MS = 24 * 3_600_000;
const NOON = Date.UTC(2026, 11, 7, 12);
const hex = () => randomBytes(16).toString('hex');

async function listed(pages: AsyncIterable<readonly { key: string }[]>): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of pages) for (const object of page) keys.push(object.key);
  return keys.sort();
}

describe.each(['local', 's3'] as const)('listing a day on the %s store', (kind) => {
  let server: TestS3Server | null = null;
  let dir: string | null = null;
  let store: ObjectStore;

  beforeAll(async () => {
    if (kind === 's3') {
      server = await startTestS3Server();
      store = new S3ObjectStore(await server.createBucket(), { credentials: server.credentials, requestTimeoutMs: 3000 });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'list-by-day-'));
      store = new LocalObjectStore(dir);
    }
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every key of the day, over all partitions and pages, and no key of another day or without one', async () => {
    // Enough keys that nearly every partition is used (80 draws of 16 leave out more than two of them about once in 10 000 runs); one at midnight.
    const today = [
      ...Array.from({ length: 80 }, (_, i) => datedKey(NOON + (i === 0 ? -12 * 3_600_000 : 0), `${hex()}.jpg`)),
      // A partition of more than a page, whatever the draw: its listing is followed past the first page.
      ...Array.from({ length: 15 }, () => `0-20261207-${hex()}.png`),
    ];
    const others = [datedKey(NOON - DAY_MS, `${hex()}.jpg`), datedKey(NOON + DAY_MS, `${hex()}.t1-pore.png`), `${hex()}.jpg`, `${hex()}-pore.png`];
    for (const key of [...today, ...others]) await store.put(key, Buffer.from(key));
    expect(new Set(today.slice(0, 80).map((key) => key[0])).size).toBeGreaterThan(LIST_PARTITIONS - 3);

    // Pages of 7: partitions of more than a page are followed (S3: a continuation token within the prefix).
    expect(await listed(store.listPages(7, '20261207'))).toEqual([...today].sort());
    expect(await listed(store.listPages(7, '20261205'))).toEqual([]);
    expect(await listed(store.listPages(undefined))).toEqual([...today, ...others].sort());
    // Every object stays where its key says: read back and deleted by key.
    expect((await store.read(today[0]!)).toString()).toBe(today[0]);
    await store.deleteMany([today[0]!, others[2]!]);
    expect(await store.exists(today[0]!)).toBe(false);
    expect(await listed(store.listPages(100, '20261207'))).toEqual(today.slice(1).sort());
  }, 60_000);
});
