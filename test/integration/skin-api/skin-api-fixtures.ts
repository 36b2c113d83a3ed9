import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import sharp from 'sharp';
import { expect } from 'vitest';
import { PlatformError } from '../../../main/platform-client/errors.ts';
import { FACE_JPEG } from '../../helpers/uploads.ts';
import type { SqlExecutor } from '../../../platform/storage/sql.ts';

/** A merchant's Skin API order as stored. */
export interface OrderCounters {
  quota_total: number;
  quota_used: number;
  quota_reserved: number;
}

export interface StoredTaskState {
  status: string;
  quota_reserved: number;
  quota_charged: number;
  error_code: number | null;
}

/**
 * Reads the counters and task states the platform committed, on whichever database it runs:
 * rows, not an object inside the server.
 */
export class PlatformDbReader {
  constructor(private readonly db: SqlExecutor) {}

  async counters(merchantId: string | number): Promise<OrderCounters> {
    const row = await this.db.one<OrderCounters>('SELECT quota_total, quota_used, quota_reserved FROM skin_orders WHERE merchant_id = ?', [Number(merchantId)]);
    if (!row) throw new Error(`merchant ${merchantId} has no order`);
    return row;
  }

  async taskCount(merchantId: string | number): Promise<number> {
    return (await this.db.one<{ n: number }>('SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ?', [Number(merchantId)]))?.n ?? 0;
  }

  task(taskId: string): Promise<StoredTaskState | undefined> {
    return this.db.one<StoredTaskState>('SELECT status, quota_reserved, quota_charged, error_code FROM tasks WHERE id = ?', [taskId]);
  }
}

/** The meta fields and HTTP status of a refused call; fails the test if the call succeeded. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: number; msg: string; http: number; response: unknown; detail: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PlatformError);
  const e = error as PlatformError;
  return { code: e.code, msg: e.msg, http: e.httpStatus, response: e.response, detail: e.detail };
}

/** Images an analysis cannot use, each a real file of its kind. */
export async function badImages(): Promise<Record<'not_an_image' | 'truncated_jpeg' | 'one_pixel' | 'no_face', Buffer>> {
  return {
    not_an_image: Buffer.from('This is a text file that was named photo.jpg.\n'.repeat(40)),
    truncated_jpeg: FACE_JPEG.subarray(0, Math.floor(FACE_JPEG.length / 3)),
    one_pixel: await sharp({ create: { width: 1, height: 1, channels: 3, background: { r: 200, g: 160, b: 140 } } }).jpeg().toBuffer(),
    no_face: await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 180, b: 160 } } }).jpeg().toBuffer(),
  };
}

/** A face photo too dark, and one too blurred, for skin analysis (quality-gate.ts). */
export async function poorPhotos(): Promise<{ dark: Buffer; blurred: Buffer }> {
  return {
    dark: await sharp(FACE_JPEG).linear(0.1, 0).jpeg({ quality: 95 }).toBuffer(),
    blurred: await sharp(FACE_JPEG).blur(4).jpeg({ quality: 95 }).toBuffer(),
  };
}

/** A loopback HTTP server on every local address that counts connections and requests. */
export interface CountingServer {
  readonly port: number;
  readonly connections: number;
  readonly requests: number;
  close(): Promise<void>;
}

export async function countingServer(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '::'): Promise<CountingServer> {
  const server: Server = createServer();
  const counts = { connections: 0, requests: 0 };
  server.on('connection', () => (counts.connections += 1));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    counts.requests += 1;
    handler(req, res);
  });
  // '::' without ipv6Only answers IPv4 and IPv6 alike, so any spelling of loopback would reach it.
  await new Promise<void>((resolve) => server.listen({ port: 0, host }, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    get connections() {
      return counts.connections;
    },
    get requests() {
      return counts.requests;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
