/**
 * The daily walk for orphans on a store that holds many days of keys (D-142): what the walk
 * lists now (the days an orphan can still be made in) against the whole-store listing every walk
 * made before, on the same store in one run, alternating, on the embedded platform (SQLite, the
 * local store). Every object is an upload that a row names, so each page of the walk costs its
 * statement, as on a real platform; nothing is removed, and every run lists the same.
 * The store is filled with files written straight in the layout put() uses (put() flushes each
 * file to disk: minutes for 100 000). Options: --days=N (default 100), --per-day=N (default
 * 1000), --runs=N (default 5). Prints medians and their ratio, then one JSON line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ManualClock } from '../../platform/clock.ts';
import { datedKey } from '../../platform/objects/dated-keys.ts';
import { LocalObjectStore } from '../../platform/objects/local-object-store.ts';
import { UploadRepository } from '../../platform/skin-api/upload-repository.ts';
import { UploadRetention } from '../../platform/skin-api/upload-retention.ts';
import { startTestPlatform } from '../../test/helpers/platform.ts';
import { median } from '../median.ts';
import { intArg } from '../skin-api/bench-args.ts';

const DAYS = intArg('days', 100);
const PER_DAY = intArg('per-day', 1000);
const RUNS = intArg('runs', 5);
const DAY_MS = 24 * 3_600_000;

async function main(): Promise<void> {
  const clock = new ManualClock(Date.now());
  const platform = await startTestPlatform({ clock });
  try {
    const { sql, objects, config } = platform.platform.services;
    if (!(objects instanceof LocalObjectStore)) throw new Error('the bench needs the local store of the embedded platform');
    const merchant = (await sql.one<{ id: number }>('SELECT id FROM merchants ORDER BY id LIMIT 1'))!;
    const started = performance.now();
    for (let day = 0; day < DAYS; day++) {
      const keys = Array.from({ length: PER_DAY }, () => datedKey(clock.now() - day * DAY_MS, `${randomBytes(16).toString('hex')}.jpg`));
      mkdirSync(dirname(objects.pathOf(keys[0]!)), { recursive: true });
      for (const key of keys) writeFileSync(objects.pathOf(key), 'x');
      await sql.transaction(async (tx) => {
        for (const key of keys) {
          await tx.run(
            `INSERT INTO uploads (resource_key, merchant_id, app_id, method, extension, mime, file_name, max_bytes, expires_at, created_at, used_at)
             VALUES (?, ?, 'bench', 'PUT', 'jpg', 'image/jpeg', 'bench.jpg', 1000, 0, 0, 0)`,
            [key, merchant.id],
          );
        }
      });
    }
    console.log(`store filled: ${DAYS} days of ${PER_DAY} keys (${DAYS * PER_DAY} objects and rows) in ${Math.round(performance.now() - started)} ms`);
    // Every object older than ttl + grace, so each page is judged against the rows.
    clock.advance((config.uploadTtlSeconds + config.uploadRetentionGraceSeconds) * 1000 + 60_000);
    const retention = new UploadRetention(sql, clock, objects, { ttlSeconds: config.uploadTtlSeconds, graceSeconds: config.uploadRetentionGraceSeconds });
    // A platform a few days after the upgrade: no key without a day is left to walk the whole store for.
    await sql.run('INSERT INTO background_turns (name, due_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET due_at = excluded.due_at', [`undated_keys ${objects.location}`, Number.MAX_SAFE_INTEGER]);

    // The old walk's cost: every object listed, each page's keys looked up in the rows, as it judged them.
    const rows = new UploadRepository(sql);
    const wholeStore = async () => {
      let listed = 0;
      const t = performance.now();
      for await (const page of objects.listPages()) {
        listed += page.length;
        await rows.named(page.map((object) => object.key));
      }
      return { ms: performance.now() - t, listed };
    };
    const walk = async () => {
      const t = performance.now();
      const removed = await retention.sweepOrphans();
      if (removed !== 0) throw new Error(`the walk removed ${removed} named objects`);
      return performance.now() - t;
    };
    await wholeStore();
    await walk();
    const whole: number[] = [];
    const walked: number[] = [];
    let listedWhole = 0;
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? ['whole', 'walk'] : ['walk', 'whole'];
      for (const which of order) {
        if (which === 'whole') {
          const result = await wholeStore();
          whole.push(result.ms);
          listedWhole = result.listed;
        } else walked.push(await walk());
      }
    }
    const wholeMs = median(whole);
    const walkMs = median(walked);
    console.log(`whole store listed and judged (every walk before D-142): ${listedWhole} objects, median ${wholeMs.toFixed(0)} ms (${whole.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`the walk now (D-142): median ${walkMs.toFixed(0)} ms (${walked.map((v) => v.toFixed(0)).join(', ')})`);
    console.log(`ratio whole / walk: ${(wholeMs / walkMs).toFixed(1)}; load average ${loadavg()[0]!.toFixed(2)}`);
    console.log(JSON.stringify({ days: DAYS, per_day: PER_DAY, whole_store_ms: Math.round(wholeMs), walk_ms: Math.round(walkMs), ratio: Number((wholeMs / walkMs).toFixed(2)) }));
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
