/**
 * The analysis the kiosk's embedded platform stored for the last session, read from its database
 * file, so a test compares the screen with what the platform really answered.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { SkinResult } from '../../../protocol/skin-api/task-result.ts';

/** The latest succeeded device_v task's result: the session's only skin task. */
export function sessionResult(kioskDataDir: string): SkinResult {
  const db = new Database(join(kioskDataDir, 'embedded-platform', 'platform.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT result FROM tasks WHERE status = 'succeeded' AND api_code = 'device_v' ORDER BY created_at DESC LIMIT 1").get() as { result: string };
    return JSON.parse(row.result) as SkinResult;
  } finally {
    db.close();
  }
}
