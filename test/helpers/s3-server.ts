import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Location } from '../../platform/objects/s3-location.ts';
import type { S3Credentials } from '../../platform/objects/s3-object-store.ts';

const run = promisify(execFile);

/**
 * The real S3 server of shared/tools (OpenStack Swift with s3api, TESTING.md): beside the
 * repository in CI and here (/work/main and /work/shared), so ../shared from the repository root.
 */
const TOOLS = process.env.TEST_S3_SERVER_TOOLS ?? fileURLToPath(new URL('../../../shared/tools/s3-server/', import.meta.url));

const HOW_TO_INSTALL =
  'A real S3 server is needed by this test and did not start. It is ../shared/tools/s3-server/start.sh beside the repository ' +
  '(set TEST_S3_SERVER_TOOLS to its folder elsewhere) and needs Debian\'s python3-swift: apt-get install -y --no-install-recommends python3-swift';

export interface TestS3Server {
  readonly dir: string;
  readonly endpoint: string;
  readonly region: string;
  readonly credentials: S3Credentials;
  /** A fresh, empty bucket of this server. */
  createBucket(): Promise<S3Location>;
  /** Keys in a bucket, to check what the platform stored or removed. */
  keys(bucket: string): Promise<string[]>;
  /** Its server processes that are no longer running (by the names start.sh gave them). */
  exited(): string[];
  /** The last line of a server's log that names an error: why it stopped. */
  lastError(server: string): string | undefined;
  /** Stops the server and keeps its data (restart() comes back on the same data and port). */
  halt(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

function envLines(stdout: string): Record<string, string> {
  return Object.fromEntries(stdout.split('\n').flatMap((line) => {
    const match = /^(S3_[A-Z_]+)=(.*)$/.exec(line.trim());
    return match ? [[match[1]!, match[2]!]] : [];
  }));
}

/** Starts the server (about 0.5 s); fails, never skips, naming what to install when it cannot. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const start = `${TOOLS}start.sh`;
  if (!existsSync(start)) throw new Error(`${HOW_TO_INSTALL}\n(${start} not found)`);
  let env: Record<string, string>;
  try {
    // Port 0: any free port, so test files running side by side never meet.
    const { stdout } = await run(start, ['', '0'], { timeout: 90_000 });
    env = envLines(stdout);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${HOW_TO_INSTALL}\n${stderr.slice(-2000)}`, { cause: error });
  }
  const { S3_DIR: dir, S3_ENDPOINT: endpoint, S3_REGION: region = 'us-east-1', S3_ACCESS_KEY: accessKeyId, S3_SECRET_KEY: secretAccessKey } = env;
  if (!dir || !endpoint || !accessKeyId || !secretAccessKey) throw new Error(`${HOW_TO_INSTALL}\n(start.sh printed no S3_* lines)`);
  const credentials = { accessKeyId, secretAccessKey };
  const client = new S3Client({ endpoint, region, credentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const buckets: string[] = [];
  const port = new URL(endpoint).port;
  const keys = async (bucket: string) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((item) => item.Key!);
  return {
    dir,
    endpoint,
    region,
    credentials,
    async createBucket() {
      const bucket = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      buckets.push(bucket);
      return { bucket, endpoint, region, forcePathStyle: true };
    },
    keys,
    exited() {
      const pidsFile = join(dir, 'pids');
      if (!existsSync(pidsFile)) return [];
      return readFileSync(pidsFile, 'utf8').split('\n').flatMap((line) => {
        const [pid, name] = line.trim().split(/\s+/);
        if (!pid || !name) return [];
        const cmdline = `/proc/${pid}/cmdline`;
        // A PID that now names another process counts as exited (start.sh's own guard).
        return existsSync(cmdline) && readFileSync(cmdline, 'utf8').includes(dir) ? [] : [name];
      });
    },
    lastError(server) {
      const log = join(dir, 'log', `${server}.log`);
      if (!existsSync(log)) return undefined;
      return readFileSync(log, 'utf8').split('\n').filter((line) => /Error|ERROR/.test(line)).at(-1)?.slice(0, 500);
    },
    async halt() {
      await run(`${TOOLS}stop.sh`, [dir]);
    },
    async restart() {
      await run(start, [dir, port], { timeout: 90_000 });
    },
    async stop() {
      try {
        for (const bucket of buckets) {
          for (const key of await keys(bucket)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
          await client.send(new DeleteBucketCommand({ Bucket: bucket }));
        }
      } catch {
        // The whole folder goes below; a bucket left in it goes with it.
      } finally {
        client.destroy();
        await run(`${TOOLS}stop.sh`, [dir, '--rm']);
      }
    },
  };
}
