/** What a merchant sees of a platform child: signed pulls of GET /data/lists.json, as a merchant makes them. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { sign } from '../../../platform/auth/signature.ts';
import type { SourceType } from '../../../protocol/report-data/pull-query.ts';
import type { DemoApp } from './helpers.ts';

export interface PulledItem {
  readonly id: number;
  readonly [field: string]: unknown;
}

/** Every item of the last day (walking `next`), signed with the app's secret like a merchant's pull. */
export async function pullAll(platformUrl: string, app: DemoApp, dataType: 'user' | 'report', sourceType?: SourceType): Promise<PulledItem[]> {
  const now = Math.floor(Date.now() / 1000);
  const items: PulledItem[] = [];
  let next: string | undefined;
  do {
    const params: Record<string, string> = {
      app_id: app.app_id,
      sig_time: String(now),
      begin: String(now - 24 * 3600),
      end: String(now + 3600),
      data_type: dataType,
      ...(sourceType ? { source_type: sourceType } : {}),
      ...(next ? { next } : {}),
    };
    const query = new URLSearchParams({ ...params, sig: sign(params, app.app_secret) });
    const res = await request(`${platformUrl}/data/lists.json?${query.toString()}`);
    const body = (await res.body.json()) as { meta: { code: number; error: string }; response: { next: string; lists: PulledItem[] } };
    if (body.meta.code !== 0) throw new Error(`pull refused: ${body.meta.code} ${body.meta.error}`);
    items.push(...body.response.lists);
    next = body.response.next || undefined;
  } while (next);
  return items;
}

/** The status of a GET without credentials (shared file links). */
export async function statusOf(url: string): Promise<number> {
  const res = await request(url);
  await res.body.dump();
  return res.statusCode;
}

/** Names of every file the platform's object store holds. */
export function storedObjects(platformDataDir: string): Set<string> {
  const root = join(platformDataDir, 'objects');
  return new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name),
  );
}
