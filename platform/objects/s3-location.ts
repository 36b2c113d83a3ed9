import { z } from 'zod';

/** Where an S3-compatible store is, as `--objects s3://BUCKET?endpoint=URL&region=REGION&path_style=1` names it (D-072). */
export interface S3Location {
  readonly bucket: string;
  /** Absent: AWS itself, the SDK picks the regional endpoint. */
  readonly endpoint?: string;
  readonly region: string;
  /** Path-style addresses (http://host/bucket/key): on by default with an endpoint (MinIO, Swift, Ceph). */
  readonly forcePathStyle: boolean;
}

// S3's own bucket naming rules (3-63 lower-case letters, digits, dots and dashes).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const QUERY_KEYS = new Set(['endpoint', 'region', 'path_style']);

const booleanText = z.enum(['1', 'true', 'yes', '0', 'false', 'no']).transform((text) => ['1', 'true', 'yes'].includes(text));

/**
 * Parses the value of `--objects` / PLATFORM_OBJECTS. Throws naming what is wrong. Credentials are
 * never part of it: they come from the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY or the
 * SDK's default chain), so they never show in a process list.
 */
export function parseS3Location(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not an s3://BUCKET?endpoint=URL&region=REGION address`);
  }
  if (url.protocol !== 's3:') throw new Error(`"${text}": only s3:// object stores are supported`);
  if (url.username || url.password) throw new Error('credentials do not belong in the object store address: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`"${bucket}" is not a valid bucket name`);
  if (url.pathname !== '' && url.pathname !== '/') throw new Error('the object store address takes a bucket, not a folder');
  for (const key of url.searchParams.keys()) if (!QUERY_KEYS.has(key)) throw new Error(`unknown object store parameter "${key}" (endpoint, region, path_style)`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) throw new Error(`endpoint "${endpoint}" is not an http(s)://host[:port] address`);
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new Error(`region "${region}" is not a region name`);
  const pathStyle = url.searchParams.get('path_style');
  const parsedPathStyle = pathStyle === null ? undefined : booleanText.safeParse(pathStyle.toLowerCase());
  if (parsedPathStyle && !parsedPathStyle.success) throw new Error(`path_style "${pathStyle}" is not true or false`);
  return {
    bucket,
    ...(endpoint !== undefined ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
    region,
    forcePathStyle: parsedPathStyle?.data ?? endpoint !== undefined,
  };
}
