import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { PlatformConfigInput } from './config.ts';

/**
 * Every option of `platform/cli.ts`, each also an environment variable (issue 14 item 4; D-053).
 * A flag wins over its variable, the variable over the default. The README's option table lists
 * this table (a test compares them). Values are handed to the config schema as they are
 * (numbers as numbers), so every check and its message lives in one place: platform/config.ts.
 */
interface OptionSpec {
  readonly env: string;
  readonly kind: 'string' | 'number' | 'boolean' | 'list';
  readonly help: string;
  /** Shown in the README and `--help`; the config schema holds the real defaults. */
  readonly default?: string;
  readonly apply: (value: string | number | boolean | string[], into: MutableInput) => void;
}

type MutableInput = { -readonly [K in keyof PlatformConfigInput]: PlatformConfigInput[K] };

export const PLATFORM_OPTIONS = {
  port: { env: 'PLATFORM_PORT', kind: 'number', default: '8080', help: 'port to listen on (0: any free port)', apply: (v, c) => (c.port = v as number) },
  host: { env: 'PLATFORM_HOST', kind: 'string', default: '127.0.0.1', help: 'address to listen on (0.0.0.0: every interface)', apply: (v, c) => (c.host = v as string) },
  data: { env: 'PLATFORM_DATA', kind: 'string', default: './data', help: 'data directory: SQLite file, objects, signing key, demo credentials', apply: (v, c) => (c.dataDir = resolve(v as string)) },
  database: { env: 'DATABASE_URL', kind: 'string', help: 'postgres://… of a PostgreSQL database; absent: SQLite in the data directory', apply: (v, c) => (c.databaseUrl = v as string) },
  region: { env: 'PLATFORM_REGION', kind: 'string', default: 'overseas', help: 'region this instance serves: overseas or cn', apply: (v, c) => (c.region = v as 'overseas') },
  'public-url': { env: 'PLATFORM_PUBLIC_URL', kind: 'string', help: 'address clients reach this instance at (behind a proxy)', apply: (v, c) => (c.publicBaseUrl = v as string) },
  objects: {
    env: 'PLATFORM_OBJECTS',
    kind: 'string',
    default: 'the data directory',
    help: 's3://BUCKET?endpoint=URL&region=REGION of an S3-compatible store (keys: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)',
    apply: (v, c) => (c.objectStore = v as string),
  },
  'upload-method': { env: 'PLATFORM_UPLOAD_METHOD', kind: 'string', default: 'put', help: 'method of the upload policies issued: put or post', apply: (v, c) => (c.uploadMethod = (v as string).toUpperCase() as 'PUT') },
  'upload-ttl-seconds': { env: 'PLATFORM_UPLOAD_TTL_SECONDS', kind: 'number', default: '900', help: 'lifetime of an upload policy', apply: (v, c) => (c.uploadTtlSeconds = v as number) },
  'upload-retention-grace-seconds': {
    env: 'PLATFORM_UPLOAD_RETENTION_GRACE_SECONDS',
    kind: 'number',
    default: '86400',
    help: 'how long past its policy an upload no task used is kept before it is deleted',
    apply: (v, c) => (c.uploadRetentionGraceSeconds = v as number),
  },
  workers: { env: 'PLATFORM_WORKERS', kind: 'number', default: 'one per core', help: 'analysis worker threads', apply: (v, c) => (c.analysisWorkers = v as number) },
  models: { env: 'PLATFORM_MODELS', kind: 'string', default: 'models/', help: 'folder of the ONNX models', apply: (v, c) => (c.modelDir = resolve(v as string)) },
  'allow-callback-host': {
    env: 'PLATFORM_ALLOW_CALLBACK_HOSTS',
    kind: 'list',
    help: 'HOST[:PORT] on a private network that webhooks and CRM calls may reach (repeatable; env: comma-separated)',
    apply: (v, c) => (c.allowedPrivateCallbackHosts = v as string[]),
  },
  'allow-image-host': {
    env: 'PLATFORM_ALLOW_IMAGE_HOSTS',
    kind: 'list',
    help: 'HOST:PORT on a private network that pic_url downloads may reach (repeatable; env: comma-separated)',
    apply: (v, c) => (c.allowedPrivateImageHosts = v as string[]),
  },
  'token-rate-limit': { env: 'PLATFORM_TOKEN_RATE_LIMIT', kind: 'number', default: '300', help: 'token requests per app_id and client address per window (0: no limit)', apply: (v, c) => (c.tokenRateLimit = v as number) },
  'rate-limit-window-seconds': { env: 'PLATFORM_RATE_LIMIT_WINDOW_SECONDS', kind: 'number', default: '60', help: 'length of the rate-limit window', apply: (v, c) => (c.rateLimitWindowSeconds = v as number) },
  'trust-proxy': { env: 'PLATFORM_TRUST_PROXY', kind: 'boolean', default: 'false', help: 'take the client address from X-Forwarded-For (behind a reverse proxy)', apply: (v, c) => (c.trustProxy = v as boolean) },
  'log-level': { env: 'PLATFORM_LOG_LEVEL', kind: 'string', default: 'info', help: 'error, warn, info, debug or trace (errors are always logged)', apply: (v, c) => (c.logLevel = v as 'info') },
  'log-requests': { env: 'PLATFORM_LOG_REQUESTS', kind: 'boolean', default: 'false', help: 'one log line per request and answer', apply: (v, c) => (c.logRequests = v as boolean) },
  metrics: { env: 'PLATFORM_METRICS', kind: 'boolean', default: 'true', help: 'serve Prometheus metrics at /metrics', apply: (v, c) => (c.metrics = v as boolean) },
  'demo-tenants': {
    env: 'PLATFORM_DEMO_TENANTS',
    kind: 'boolean',
    default: 'true',
    help: 'seed demo tenants into an empty database and serve their demo merchant at /demo_merchant/ (false in production: create tenants with `tenants`)',
    apply: (v, c) => {
      c.demoTenants = v as boolean;
      c.demoMerchant = v as boolean;
    },
  },
  'peer-group-min': {
    env: 'PLATFORM_PEER_GROUP_MIN',
    kind: 'number',
    default: '20',
    help: 'least number of customers of a merchant and age band a percentile is shown for (at least 10; D-066)',
    apply: (v, c) => (c.peerGroupMin = v as number),
  },
  role: {
    env: 'PLATFORM_ROLE',
    kind: 'string',
    default: 'all',
    help: 'all: HTTP, tasks and push in one process; api: HTTP only; worker: tasks and push only (api and worker need --database; D-073)',
    apply: (v, c) => (c.role = v as 'all'),
  },
  'ops-port': {
    env: 'PLATFORM_OPS_PORT',
    kind: 'number',
    help: 'worker only: port for /healthz, /readyz and /metrics (absent: a worker listens on nothing; D-128)',
    apply: (v, c) => (c.opsPort = v as number),
  },
  'max-queued-tasks': {
    env: 'PLATFORM_MAX_QUEUED_TASKS',
    kind: 'number',
    default: '1000',
    help: 'queued analysis tasks one merchant may have; more are refused with 45014 (D-073)',
    apply: (v, c) => (c.maxQueuedTasksPerMerchant = v as number),
  },
  'shutdown-grace-seconds': { env: 'PLATFORM_SHUTDOWN_GRACE_SECONDS', kind: 'number', default: '25', help: 'on SIGTERM: wait this long for running tasks, then hand them back', apply: (v, c) => (c.shutdownGraceSeconds = v as number) },
} as const satisfies Record<string, OptionSpec>;

export type PlatformOptionName = keyof typeof PLATFORM_OPTIONS;

/** Levels an operator may choose: errors stay logged whatever is chosen (D-053). */
const OPERATOR_LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'];

function parseValue(label: string, kind: OptionSpec['kind'], raw: string | boolean | (string | boolean)[]): string | number | boolean | string[] {
  switch (kind) {
    case 'string':
      return raw as string;
    case 'list':
      return (Array.isArray(raw) ? raw : [raw]).flatMap((item) => String(item).split(',')).map((item) => item.trim()).filter((item) => item !== '');
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const text = String(raw).toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(text)) return true;
      if (['0', 'false', 'no', 'off', ''].includes(text)) return false;
      throw new Error(`${label}: "${String(raw)}" is not true or false`);
    }
    case 'number': {
      const text = String(raw).trim();
      if (!/^-?\d+$/.test(text)) throw new Error(`${label}: "${text}" is not a whole number`);
      return Number(text);
    }
  }
}

/**
 * The configuration of `args` and `env`: the platform config's input (validated by the schema
 * in startPlatform). Throws naming the flag or variable whose value is malformed.
 */
export function platformConfigFromCli(args: readonly string[], env: NodeJS.ProcessEnv): PlatformConfigInput {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const [name, spec] of Object.entries(PLATFORM_OPTIONS) as [string, OptionSpec][]) {
    options[name] = spec.kind === 'boolean' ? { type: 'boolean' } : { type: 'string', ...(spec.kind === 'list' ? { multiple: true } : {}) };
    if (spec.kind === 'boolean') options[`no-${name}`] = { type: 'boolean' };
  }
  const { values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false });
  const input: MutableInput = { dataDir: resolve('./data'), port: 8080, logLevel: 'info' };
  for (const [name, spec] of Object.entries(PLATFORM_OPTIONS) as [string, OptionSpec][]) {
    const fromFlag = values[`no-${name}`] === true ? false : values[name];
    const fromEnv = env[spec.env];
    let value: string | number | boolean | string[] | undefined;
    if (fromFlag !== undefined) value = parseValue(`--${name}`, spec.kind, fromFlag);
    else if (fromEnv !== undefined && fromEnv !== '') value = parseValue(spec.env, spec.kind, fromEnv);
    if (value === undefined) continue;
    if (name === 'log-level' && !OPERATOR_LOG_LEVELS.includes(value as string)) {
      throw new Error(`${fromFlag !== undefined ? '--log-level' : spec.env}: "${String(value)}" is not one of ${OPERATOR_LOG_LEVELS.join(', ')}`);
    }
    spec.apply(value, input);
  }
  return input;
}

const SAMPLE_VALUE: Readonly<Record<OptionSpec['kind'], string | number | boolean | string[]>> = { string: 'x', number: 1, boolean: true, list: ['x'] };

/**
 * The flag and variable that set a configuration field (`objectStore` -> `--objects
 * (PLATFORM_OBJECTS)`), read off each option's own `apply`, so a refused value is named as the
 * operator typed it (D-128 found the configuration's field names in the messages).
 */
export function optionLabelOfField(field: string): string | undefined {
  for (const [name, spec] of Object.entries(PLATFORM_OPTIONS) as [string, OptionSpec][]) {
    const probe = {} as MutableInput;
    spec.apply(SAMPLE_VALUE[spec.kind], probe);
    if (field in probe) return `--${name} (${spec.env})`;
  }
  return undefined;
}

/** The table of every option for `--help` and the README. */
export function optionsTable(): string {
  const rows = (Object.entries(PLATFORM_OPTIONS) as [string, OptionSpec][]).map(
    ([name, spec]) => `| \`--${name}\` | \`${spec.env}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${spec.help} |`,
  );
  return ['| Option | Environment | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
