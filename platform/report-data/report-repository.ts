import type { DeviceUser } from '../../protocol/device-sync/users.ts';
import { hasRequiredConsent } from '../../protocol/report-data/consent.ts';
import type { SourceType } from '../../protocol/report-data/pull-query.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../storage/sql.ts';

/** The profile fields of a customer: the user item's, as the kiosk sends them. */
export type UserProfile = Omit<DeviceUser, 'client_user_id' | 'revision' | 'store_custom_id' | 'created_at'>;

export interface UserRow {
  id: number;
  merchant_id: number;
  user_no: number;
  client_user_id: string;
  revision: number;
  request_hash: string;
  store_id: number;
  store_custom_id: string;
  account_id: number;
  custom_id: string;
  name: string;
  gender: number;
  birthday: string;
  phone_cc: number;
  phone_number: string;
  email: string;
  marital_status: number;
  has_baby: number;
  has_beauty: number;
  is_irritability: number;
  target: string;
  agree_clause_ids: string;
  reject_clause_ids: string;
  consented: 0 | 1;
  created_at: number;
  stored_at: number;
  updated_at: number;
}

export interface ReportRow {
  id: number;
  merchant_id: number;
  source_type: SourceType;
  report_no: number;
  client_report_id: string;
  request_hash: string;
  user_id: number;
  user_no: number;
  user_custom_id: string;
  consented: 0 | 1;
  store_id: number;
  store_custom_id: string;
  account_id: number;
  device_sn: string;
  task_id: string | null;
  api_code: string;
  algorithm_variant: string;
  light_sources: string;
  images: string;
  result: string;
  page_key: string;
  page_expires_at: number;
  /** The app that ran the analysis ('' for reports stored before it was recorded). */
  app_id: string;
  created_at: number;
  stored_at: number;
}

export interface NewReport {
  merchantId: number;
  sourceType: SourceType;
  clientReportId: string;
  requestHash: string;
  userId: number;
  storeId: number;
  accountId: number;
  deviceSn: string;
  taskId: string | null;
  /** The app that ran the analysis. */
  appId: string;
  apiCode: string;
  algorithmVariant: string;
  lightSources: readonly string[];
  /** Image key -> object key. */
  images: Readonly<Record<string, string>>;
  /** The task's skin result record. */
  result: unknown;
  pageKey: string;
  /** Unix seconds. */
  pageExpiresAt: number;
  /** Unix milliseconds of the capture. */
  createdAt: number;
}

/** The transaction of ReportRepository.inserting: only there are users or reports inserted. */
export interface InsertingTx<Table extends 'users' | 'reports' = 'users' | 'reports'> extends SqlExecutor {
  readonly inserting: Table;
}

/** Pull and presentation read users and reports with the numbers they show beside them. */
const USER_SELECT = 'SELECT u.*, s.custom_id AS store_custom_id FROM users u JOIN stores s ON s.id = u.store_id';
const REPORT_SELECT = `SELECT r.*, s.custom_id AS store_custom_id, u.user_no, u.custom_id AS user_custom_id, u.consented
  FROM reports r JOIN stores s ON s.id = r.store_id JOIN users u ON u.id = r.user_id`;

function profileColumns(profile: UserProfile): SqlValue[] {
  return [
    profile.account_id, profile.custom_id, profile.name, profile.gender, profile.birthday, profile.phone_cc, profile.phone_number, profile.email,
    profile.marital_status, profile.has_baby, profile.has_beauty, profile.is_irritability, JSON.stringify(profile.target),
    JSON.stringify(profile.agree_clause_ids), JSON.stringify(profile.reject_clause_ids), hasRequiredConsent(profile.agree_clause_ids, profile.reject_clause_ids) ? 1 : 0,
  ];
}

/**
 * SQL of customers and reports: the one place that knows their tables. The writes take the
 * caller's transaction (`on`), so a row and the events it causes commit together; reads run on
 * the database unless a transaction is given.
 */
export class ReportRepository {
  constructor(private readonly db: SqlDatabase) {}

  /**
   * SQLite's planner, left alone, may walk the created_at index of a long history; these hints
   * keep a page at its cost. PostgreSQL has no hints and plans these itself.
   */
  private indexed(name: string): string {
    return this.db.dialect === 'sqlite' ? ` INDEXED BY ${name}` : '';
  }

  /**
   * One merchant's page of consenting users in insert order: ids after `afterId`, with
   * begin <= created_at < end. The walk starts no earlier than the first id in the time range
   * (found on users_pull), then follows users_walk, so neither a long history before the
   * range nor the range's size makes a page slow.
   */
  async pullUsers(on: SqlExecutor, merchantId: number, afterId: number, beginMs: number, endMs: number, limit: number): Promise<UserRow[]> {
    const first = await on.one<{ id: number | null }>(`SELECT MIN(id) AS id FROM users${this.indexed('users_pull')} WHERE merchant_id = ? AND created_at >= ? AND created_at < ?`, [merchantId, beginMs, endMs]);
    if (!first || first.id === null) return [];
    return on.all<UserRow>(
      `SELECT u.*, s.custom_id AS store_custom_id FROM users u${this.indexed('users_walk')} JOIN stores s ON s.id = u.store_id
       WHERE u.merchant_id = ? AND u.id > ? AND u.created_at >= ? AND u.created_at < ? AND u.consented = 1 ORDER BY u.id LIMIT ?`,
      [merchantId, Math.max(afterId, first.id - 1), beginMs, endMs, limit],
    );
  }

  /** The same for reports of one source type (and algorithm variant), of consenting users only. */
  async pullReports(on: SqlExecutor, merchantId: number, sourceType: string, variant: string | undefined, afterId: number, beginMs: number, endMs: number, limit: number): Promise<ReportRow[]> {
    const first = await on.one<{ id: number | null }>(
      `SELECT MIN(id) AS id FROM reports${this.indexed('reports_pull')} WHERE merchant_id = ? AND source_type = ? AND created_at >= ? AND created_at < ?`,
      [merchantId, sourceType, beginMs, endMs],
    );
    if (!first || first.id === null) return [];
    const byVariant = variant === undefined ? '' : ' AND r.algorithm_variant = ?';
    return on.all<ReportRow>(
      `SELECT r.*, s.custom_id AS store_custom_id, u.user_no, u.custom_id AS user_custom_id, u.consented
       FROM reports r${this.indexed('reports_walk')} JOIN stores s ON s.id = r.store_id JOIN users u ON u.id = r.user_id
       WHERE r.merchant_id = ? AND r.source_type = ? AND r.id > ? AND r.created_at >= ? AND r.created_at < ? AND u.consented = 1${byVariant}
       ORDER BY r.id LIMIT ?`,
      [merchantId, sourceType, Math.max(afterId, first.id - 1), beginMs, endMs, ...(variant === undefined ? [] : [variant]), limit],
    );
  }

  userByClientId(merchantId: number, clientUserId: string, on: SqlExecutor = this.db): Promise<UserRow | undefined> {
    return on.one<UserRow>(`${USER_SELECT} WHERE u.merchant_id = ? AND u.client_user_id = ?`, [merchantId, clientUserId]);
  }

  userById(id: number, on: SqlExecutor = this.db): Promise<UserRow | undefined> {
    return on.one<UserRow>(`${USER_SELECT} WHERE u.id = ?`, [id]);
  }

  /** Whether the customer agreed to both required clauses; false once deleted. */
  /** The customer's birthday, YYYY-MM-DD, or '' when unknown (or the customer is gone). */
  async birthdayOf(userId: number): Promise<string> {
    const row = await this.db.one<{ birthday: string }>('SELECT birthday FROM users WHERE id = ?', [userId]);
    return row?.birthday ?? '';
  }

  async isConsenting(userId: number): Promise<boolean> {
    const row = await this.db.one<{ consented: number }>('SELECT consented FROM users WHERE id = ?', [userId]);
    return row?.consented === 1;
  }

  /**
   * A transaction that may insert customers (`users`) or reports (R-006, D-059): pull cursors
   * rely on ids becoming visible in increasing order, so no reader can pass an id whose row
   * commits later. SQLite runs one writer at a time anyway. On PostgreSQL ids come from a
   * sequence outside the transaction, so these transactions take the table's insert lock
   * first: SHARE ROW EXCLUSIVE admits one holder and every reader, and taken before any query
   * it lets the transaction's snapshot start after the previous holder committed (a lock taken
   * later would make each waiter fail its serializable check and run again).
   */
  inserting<T, Table extends 'users' | 'reports'>(table: Table, work: (tx: InsertingTx<Table>) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      if (this.db.dialect === 'postgres') await tx.run(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
      return work({ all: (sql, params) => tx.all(sql, params), one: (sql, params) => tx.one(sql, params), run: (sql, params) => tx.run(sql, params), inserting: table });
    });
  }

  /** A new customer, numbered after the merchant's last one (deleted ones included). `now` and `createdAt` in ms. */
  async insertUser(
    on: InsertingTx<'users'>,
    u: { merchantId: number; clientUserId: string; revision: number; requestHash: string; storeId: number; profile: UserProfile; createdAt: number; now: number },
  ): Promise<UserRow> {
    const userNo = await nextNumber(
      on,
      `SELECT COALESCE((SELECT MAX(user_no) FROM users WHERE merchant_id = ?), 0) AS live,
              COALESCE((SELECT MAX(number) FROM deleted_clients WHERE merchant_id = ? AND kind = 'user'), 0) AS deleted`,
      [u.merchantId, u.merchantId],
    );
    const inserted = await on.one<{ id: number }>(
      `INSERT INTO users (merchant_id, user_no, client_user_id, revision, request_hash, store_id,
         account_id, custom_id, name, gender, birthday, phone_cc, phone_number, email, marital_status, has_baby, has_beauty,
         is_irritability, target, agree_clause_ids, reject_clause_ids, consented, created_at, stored_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [u.merchantId, userNo, u.clientUserId, u.revision, u.requestHash, u.storeId, ...profileColumns(u.profile), u.createdAt, u.now, u.now],
    );
    return (await this.userById(inserted!.id, on))!;
  }

  /** A newer revision of a customer: every profile field is replaced; ids and created_at stay. */
  async updateUser(on: SqlExecutor, id: number, u: { revision: number; requestHash: string; storeId: number; profile: UserProfile; now: number }): Promise<UserRow> {
    await on.run(
      `UPDATE users SET revision = ?, request_hash = ?, store_id = ?, account_id = ?, custom_id = ?, name = ?, gender = ?, birthday = ?,
         phone_cc = ?, phone_number = ?, email = ?, marital_status = ?, has_baby = ?, has_beauty = ?, is_irritability = ?,
         target = ?, agree_clause_ids = ?, reject_clause_ids = ?, consented = ?, updated_at = ?
       WHERE id = ?`,
      [u.revision, u.requestHash, u.storeId, ...profileColumns(u.profile), u.now, id],
    );
    return (await this.userById(id, on))!;
  }

  reportById(id: number, on: SqlExecutor = this.db): Promise<ReportRow | undefined> {
    return on.one<ReportRow>(`${REPORT_SELECT} WHERE r.id = ?`, [id]);
  }

  reportByClientId(merchantId: number, clientReportId: string, on: SqlExecutor = this.db): Promise<ReportRow | undefined> {
    return on.one<ReportRow>(`${REPORT_SELECT} WHERE r.merchant_id = ? AND r.client_report_id = ?`, [merchantId, clientReportId]);
  }

  reportByPageKey(pageKey: string): Promise<ReportRow | undefined> {
    return this.db.one<ReportRow>(`${REPORT_SELECT} WHERE r.page_key = ?`, [pageKey]);
  }

  async isTaskReported(merchantId: number, taskId: string, on: SqlExecutor = this.db): Promise<boolean> {
    return (await on.one('SELECT 1 AS found FROM reports WHERE merchant_id = ? AND task_id = ?', [merchantId, taskId])) !== undefined;
  }

  /** A new report, numbered after the merchant's last one of its source type (deleted ones included). */
  async insertReport(on: InsertingTx<'reports'>, r: NewReport, now: number): Promise<ReportRow> {
    const reportNo = await nextNumber(
      on,
      `SELECT COALESCE((SELECT MAX(report_no) FROM reports WHERE merchant_id = ? AND source_type = ?), 0) AS live,
              COALESCE((SELECT MAX(number) FROM deleted_clients WHERE merchant_id = ? AND kind = 'report' AND source_type = ?), 0) AS deleted`,
      [r.merchantId, r.sourceType, r.merchantId, r.sourceType],
    );
    const inserted = await on.one<{ id: number }>(
      `INSERT INTO reports (merchant_id, source_type, report_no, client_report_id, request_hash, user_id, store_id, account_id, device_sn,
         task_id, app_id, api_code, algorithm_variant, light_sources, images, result, page_key, page_expires_at, created_at, stored_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [
        r.merchantId, r.sourceType, reportNo, r.clientReportId, r.requestHash, r.userId, r.storeId, r.accountId, r.deviceSn, r.taskId, r.appId, r.apiCode,
        r.algorithmVariant, JSON.stringify(r.lightSources), JSON.stringify(r.images), JSON.stringify(r.result), r.pageKey, r.pageExpiresAt, r.createdAt, now,
      ],
    );
    return (await this.reportById(inserted!.id, on))!;
  }

  reportsOfUser(userId: number, on: SqlExecutor = this.db): Promise<ReportRow[]> {
    return on.all<ReportRow>(`${REPORT_SELECT} WHERE r.user_id = ? ORDER BY r.id`, [userId]);
  }

  /** Whether a kiosk id was deleted on request: it is never taken again. */
  async isDeleted(merchantId: number, kind: 'user' | 'report', clientId: string, on: SqlExecutor = this.db): Promise<boolean> {
    return (await on.one('SELECT 1 AS found FROM deleted_clients WHERE merchant_id = ? AND kind = ? AND client_id = ?', [merchantId, kind, clientId])) !== undefined;
  }

  storeOf(merchantId: number, customId: string, on: SqlExecutor = this.db): Promise<{ id: number; name: string } | undefined> {
    return on.one<{ id: number; name: string }>('SELECT id, name FROM stores WHERE merchant_id = ? AND custom_id = ?', [merchantId, customId]);
  }

  async accountExists(merchantId: number, accountId: number, on: SqlExecutor = this.db): Promise<boolean> {
    return (await on.one('SELECT 1 AS found FROM accounts WHERE merchant_id = ? AND id = ?', [merchantId, accountId])) !== undefined;
  }

  async names(merchantId: number, storeId: number): Promise<{ merchant: string; store: string }> {
    const row = await this.db.one<{ merchant: string; store: string }>(
      'SELECT m.name AS merchant, s.name AS store FROM merchants m JOIN stores s ON s.merchant_id = m.id WHERE m.id = ? AND s.id = ?',
      [merchantId, storeId],
    );
    return row ?? { merchant: '', store: '' };
  }
}

/** The larger of the live and the deleted numbers, plus one (two-argument MAX is SQLite's only). */
async function nextNumber(on: SqlExecutor, sql: string, params: SqlValue[]): Promise<number> {
  const row = await on.one<{ live: number; deleted: number }>(sql, params);
  return Math.max(row?.live ?? 0, row?.deleted ?? 0) + 1;
}
