/**
 * Other customers of the kiosk's merchant, written into the embedded platform's SQLite file, so
 * "where you stand" (D-066) has a group to compare with. Each peer is a consenting customer with
 * one analysed visit. Rows go in beside the running platform (WAL mode) under numbers far above
 * the ones the platform hands out, so the kiosk's own customer and report still get theirs.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pickDemoApp, type DemoCredentials } from '../../../main/embedded-platform.ts';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { REQUIRED_CLAUSE_IDS } from '../../../protocol/report-data/consent.ts';
import type { SkinResult } from '../../../protocol/skin-api/task-result.ts';

export interface Peer {
  readonly birthday: string;
  /** Capture time of their visit, Unix ms. */
  readonly visitAt: number;
  /** Their measured scores; every other dimension was not measured. */
  readonly scores: Partial<Record<DimensionId, number>>;
}

const FIRST_NUMBER = 100_000;

function skinResult(scores: Peer['scores']): SkinResult {
  const dimensions = Object.entries(scores).map(([dimension, score]) => ({ dimension: dimension as DimensionId, level: 1, score, confidence: 0.9, annotations: [] }));
  const overall = dimensions.reduce((sum, d) => sum + d.score, 0) / Math.max(1, dimensions.length);
  return { type: 'skin', dimensions, overall_score: overall, mask_format: 'annotation_image', not_measured: [] };
}

/** Waits for the embedded platform's credentials, then writes the peers for the kiosk's merchant. */
export async function seedPeers(kioskDataDir: string, peers: readonly Peer[], timeoutMs = 60_000): Promise<void> {
  const dir = join(kioskDataDir, 'embedded-platform');
  const credentialsFile = join(dir, 'demo-credentials.json');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(credentialsFile)) {
    if (Date.now() > deadline) throw new Error(`no ${credentialsFile}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const app = pickDemoApp(JSON.parse(readFileSync(credentialsFile, 'utf8')) as DemoCredentials);
  const merchantId = Number(app.merchant_id);
  const db = new Database(join(dir, 'platform.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const store = db.prepare('SELECT id FROM stores WHERE merchant_id = ? AND custom_id = ?').get(merchantId, app.store_custom_ids[0]) as { id: number };
    const insertUser = db.prepare(
      `INSERT INTO users (merchant_id, user_no, client_user_id, revision, request_hash, store_id, name, birthday, agree_clause_ids, consented, created_at, stored_at, updated_at)
       VALUES (?, ?, ?, 0, 'seed', ?, ?, ?, ?, 1, ?, ?, ?) RETURNING id`,
    );
    const insertReport = db.prepare(
      `INSERT INTO reports (merchant_id, source_type, report_no, client_report_id, request_hash, user_id, store_id, api_code, algorithm_variant, result, page_key, page_expires_at, created_at, stored_at)
       VALUES (?, 'device20', ?, ?, 'seed', ?, ?, 'device_v', 'standard', ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      peers.forEach((peer, i) => {
        const number = FIRST_NUMBER + i;
        const user = insertUser.get(merchantId, number, `peer-${randomBytes(6).toString('hex')}`, store.id, `Peer ${i + 1}`, peer.birthday, JSON.stringify(REQUIRED_CLAUSE_IDS), peer.visitAt, peer.visitAt, peer.visitAt) as { id: number };
        insertReport.run(merchantId, number, `peer-report-${randomBytes(6).toString('hex')}`, user.id, store.id, JSON.stringify(skinResult(peer.scores)), randomBytes(16).toString('hex'), Math.floor(peer.visitAt / 1000) + 86_400, peer.visitAt, peer.visitAt);
      });
    })();
  } finally {
    db.close();
  }
}
