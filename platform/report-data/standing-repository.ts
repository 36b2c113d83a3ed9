import type { SqlDatabase } from '../storage/sql.ts';

/** One other customer's latest analysed visit: what the peer group of D-066 is made of. */
export interface PeerVisit {
  /** `YYYY-MM-DD`, or '' when the customer gave none. */
  readonly birthday: string;
  /** Capture time of the visit, Unix ms. */
  readonly created_at: number;
  /** The stored skin result (JSON). */
  readonly result: string;
}

/**
 * SQL of "where the customer stands" (D-066). The JSON of results is read in TypeScript, as the
 * portable subset asks (platform/storage/README.md); the query only narrows the rows.
 */
export class StandingRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * The latest report (by capture time, then id) of every consenting customer of the merchant
   * but one, so each customer counts once. With `bornOnOrBefore` only customers with a birthday
   * no later than it (a cheap lower bound of the age band; the band itself is judged per visit).
   * Customers without consent are never counted: their data serves only themselves.
   */
  latestVisitsOfOthers(merchantId: number, exceptUserId: number, bornOnOrBefore: string | null): Promise<PeerVisit[]> {
    const byBirthday = bornOnOrBefore === null ? '' : " AND u.birthday <> '' AND u.birthday <= ?";
    return this.db.all<PeerVisit>(
      `SELECT u.birthday, r.created_at, r.result FROM reports r JOIN users u ON u.id = r.user_id
       WHERE r.merchant_id = ? AND u.consented = 1 AND u.id <> ?${byBirthday}
         AND r.id = (SELECT r2.id FROM reports r2 WHERE r2.user_id = r.user_id ORDER BY r2.created_at DESC, r2.id DESC LIMIT 1)`,
      [merchantId, exceptUserId, ...(bornOnOrBefore === null ? [] : [bornOnOrBefore])],
    );
  }

  /** The customer a task was reported for, when it was. */
  async reportedUserOfTask(merchantId: number, taskId: string): Promise<number | undefined> {
    const row = await this.db.one<{ user_id: number }>('SELECT user_id FROM reports WHERE merchant_id = ? AND task_id = ?', [merchantId, taskId]);
    return row?.user_id;
  }
}
