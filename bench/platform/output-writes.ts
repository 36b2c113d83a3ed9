/**
 * A task's output files written to the S3-compatible store one at a time against a few at a time
 * (the dispatcher's OUTPUT_WRITES_AT_ONCE, D-109), through the platform's own S3ObjectStore on
 * the local Swift S3 server; the two ways alternate, round by round, in one run.
 *
 * An online_skin task writes 7 annotation files, about 190 kB together (D-098); a multi-light
 * task dozens. Prints the median time per task's files each way and their ratio.
 * Options: --rounds=N (default 30), --files=N (default 7), --kb=N per file (default 27),
 * --at-once=N (default 4). Needs ../shared/tools/s3-server.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { eachAtMost } from '../../platform/analysis/each-at-most.ts';
import { S3ObjectStore } from '../../platform/objects/s3-object-store.ts';
import { startTestS3Server } from '../../test/helpers/s3-server.ts';
import { median } from '../median.ts';
import { intArg } from '../skin-api/bench-args.ts';

const ROUNDS = intArg('rounds', 30);
const FILES = intArg('files', 7);
const KB = intArg('kb', 27);
const AT_ONCE = intArg('at-once', 4);

async function main(): Promise<void> {
  const server = await startTestS3Server();
  try {
    const { bucket } = await server.createBucket();
    const store = new S3ObjectStore({ bucket, endpoint: server.endpoint, region: server.region, forcePathStyle: true }, { credentials: server.credentials });
    // Incompressible, as PNG and JPEG annotations are.
    const files = Array.from({ length: FILES }, (_, i) => ({ name: `mark-${i}.png`, bytes: randomBytes(KB * 1024) }));
    const write = async (limit: number, round: number) => {
      const started = performance.now();
      await eachAtMost(files, limit, (file) => store.put(`r${round}-${limit}-${file.name}`, file.bytes));
      return performance.now() - started;
    };
    await write(1, -1);
    await write(AT_ONCE, -1);
    const one: number[] = [];
    const several: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so neither always gets the store just after the other.
      if (round % 2 === 0) {
        one.push(await write(1, round));
        several.push(await write(AT_ONCE, round));
      } else {
        several.push(await write(AT_ONCE, round));
        one.push(await write(1, round));
      }
    }
    const [a, b] = [median(one), median(several)];
    console.log(`${FILES} files of ${KB} kB per task, ${ROUNDS} rounds, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    console.log(`one at a time: median ${a.toFixed(1)} ms; ${AT_ONCE} at a time: median ${b.toFixed(1)} ms; ratio ${(a / b).toFixed(2)}`);
    await store.close();
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
