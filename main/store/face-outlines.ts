/**
 * Face outlines per session and view (migration 003): written when a view's first still is
 * stored, read on the customer's next visit to draw where their face was.
 */
import { z } from 'zod';
import type { View } from '../../protocol/skin-api/api-codes.ts';
import type { Db } from './database.ts';

export type OutlinePoint = readonly [number, number];

export interface FaceOutline {
  readonly points: readonly OutlinePoint[];
  readonly source: 'landmarks' | 'box';
}

/** What is read back from disk is checked like any other input (STYLE.md). */
const pointsSchema = z.array(z.tuple([z.number().finite(), z.number().finite()])).min(3).max(256);

/** Records (or, for a retake of the view, replaces) the outline of a view of a session. */
export function saveFaceOutline(db: Db, sessionId: string, view: View, outline: FaceOutline, now: number): void {
  const points = pointsSchema.parse(outline.points.map(([x, y]) => [round(x), round(y)]));
  db.prepare(
    `INSERT INTO face_outlines (session_id, view, points, source, recorded_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (session_id, view) DO UPDATE SET points = excluded.points, source = excluded.source, recorded_at = excluded.recorded_at`,
  ).run(sessionId, view, JSON.stringify(points), outline.source, now);
}

/**
 * The outline of `view` from the customer's latest finished (done) session other than
 * `exceptSessionId` that has one; null for a first visit.
 */
export function previousFaceOutline(db: Db, customerId: string, exceptSessionId: string, view: View): FaceOutline | null {
  const row = db
    .prepare(
      `SELECT o.points, o.source FROM face_outlines o JOIN sessions s ON s.id = o.session_id
       WHERE s.customer_id = ? AND s.id <> ? AND s.state = 'done' AND o.view = ?
       ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
    )
    .get(customerId, exceptSessionId, view) as { points: string; source: FaceOutline['source'] } | undefined;
  if (!row) return null;
  const points = pointsSchema.safeParse(JSON.parse(row.points));
  return points.success ? { points: points.data, source: row.source } : null;
}

/** The outline a session recorded for a view, or null (none recorded, or unreadable). */
export function faceOutlineOf(db: Db, sessionId: string, view: View): FaceOutline | null {
  const row = db.prepare('SELECT points, source FROM face_outlines WHERE session_id = ? AND view = ?').get(sessionId, view) as
    | { points: string; source: FaceOutline['source'] }
    | undefined;
  if (!row) return null;
  const points = pointsSchema.safeParse(JSON.parse(row.points));
  return points.success ? { points: points.data, source: row.source } : null;
}

/** Four decimals of the frame: a tenth of a pixel at 1080 p, and a compact row. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function deleteFaceOutlines(db: Db, sessionId: string): void {
  db.prepare('DELETE FROM face_outlines WHERE session_id = ?').run(sessionId);
}
