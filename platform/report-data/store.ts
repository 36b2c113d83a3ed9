import type { DeviceUser } from '../../protocol/device-sync/users.ts';
import { hasRequiredConsent } from '../../protocol/report-data/consent.ts';
import type { SourceType } from '../../protocol/report-data/pull-query.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../storage/database.ts';

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

/** Pull and presentation read users and reports with the numbers they show beside them. */
export const USER_SELECT = 'SELECT u.*, s.custom_id AS store_custom_id FROM users u JOIN stores s ON s.id = u.store_id';
export const REPORT_SELECT = `SELECT r.*, s.custom_id AS store_custom_id, u.user_no, u.custom_id AS user_custom_id, u.consented
  FROM reports r JOIN stores s ON s.id = r.store_id JOIN users u ON u.id = r.user_id`;

function profileColumns(profile: UserProfile): unknown[] {
  return [
    profile.account_id, profile.custom_id, profile.name, profile.gender, profile.birthday, profile.phone_cc, profile.phone_number, profile.email,
    profile.marital_status, profile.has_baby, profile.has_beauty, profile.is_irritability, JSON.stringify(profile.target),
    JSON.stringify(profile.agree_clause_ids), JSON.stringify(profile.reject_clause_ids), hasRequiredConsent(profile.agree_clause_ids, profile.reject_clause_ids) ? 1 : 0,
  ];
}

/**
 * SQL of customers and reports: the one place that knows their tables. Callers run the writes
 * inside their own transaction, so a row and the events it causes commit together.
 */
export class ReportStore {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  /** Prepared once per SQL text: bulk writes and pull pages run the same statements many times. */
  private sql(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /**
   * One merchant's page of consenting users in insert order: ids after `afterId`, with
   * begin <= created_at < end. The walk starts no earlier than the first id in the time range
   * (found on users_pull), then follows users_walk, so neither a long history before the
   * range nor the range's size makes a page slow.
   */
  pullUsers(merchantId: number, afterId: number, beginMs: number, endMs: number, limit: number): UserRow[] {
    const first = this.sql('SELECT MIN(id) AS id FROM users INDEXED BY users_pull WHERE merchant_id = ? AND created_at >= ? AND created_at < ?').get(merchantId, beginMs, endMs) as { id: number | null };
    if (first.id === null) return [];
    return this.sql(
      `SELECT u.*, s.custom_id AS store_custom_id FROM users u INDEXED BY users_walk JOIN stores s ON s.id = u.store_id
       WHERE u.merchant_id = ? AND u.id > ? AND u.created_at >= ? AND u.created_at < ? AND u.consented = 1 ORDER BY u.id LIMIT ?`,
    ).all(merchantId, Math.max(afterId, first.id - 1), beginMs, endMs, limit) as UserRow[];
  }

  /** The same for reports of one source type (and algorithm variant), of consenting users only. */
  pullReports(merchantId: number, sourceType: string, variant: string | undefined, afterId: number, beginMs: number, endMs: number, limit: number): ReportRow[] {
    const first = this.sql('SELECT MIN(id) AS id FROM reports INDEXED BY reports_pull WHERE merchant_id = ? AND source_type = ? AND created_at >= ? AND created_at < ?').get(
      merchantId, sourceType, beginMs, endMs,
    ) as { id: number | null };
    if (first.id === null) return [];
    const byVariant = variant === undefined ? '' : ' AND r.algorithm_variant = ?';
    return this.sql(
      `SELECT r.*, s.custom_id AS store_custom_id, u.user_no, u.custom_id AS user_custom_id, u.consented
       FROM reports r INDEXED BY reports_walk JOIN stores s ON s.id = r.store_id JOIN users u ON u.id = r.user_id
       WHERE r.merchant_id = ? AND r.source_type = ? AND r.id > ? AND r.created_at >= ? AND r.created_at < ? AND u.consented = 1${byVariant}
       ORDER BY r.id LIMIT ?`,
    ).all(merchantId, sourceType, Math.max(afterId, first.id - 1), beginMs, endMs, ...(variant === undefined ? [] : [variant]), limit) as ReportRow[];
  }

  userByClientId(merchantId: number, clientUserId: string): UserRow | undefined {
    return this.sql(`${USER_SELECT} WHERE u.merchant_id = ? AND u.client_user_id = ?`).get(merchantId, clientUserId) as UserRow | undefined;
  }

  userById(id: number): UserRow | undefined {
    return this.sql(`${USER_SELECT} WHERE u.id = ?`).get(id) as UserRow | undefined;
  }

  /** A new customer, numbered after the merchant's last one (deleted ones included). `now` and `createdAt` in ms. */
  insertUser(u: { merchantId: number; clientUserId: string; revision: number; requestHash: string; storeId: number; profile: UserProfile; createdAt: number; now: number }): UserRow {
    const userNo = (
      this.sql(
        `SELECT MAX(COALESCE((SELECT MAX(user_no) FROM users WHERE merchant_id = @m), 0),
                    COALESCE((SELECT MAX(number) FROM deleted_clients WHERE merchant_id = @m AND kind = 'user'), 0)) + 1 AS n`,
      ).get({ m: u.merchantId }) as { n: number }
    ).n;
    const id = this.db
      .prepare(
        `INSERT INTO users (merchant_id, user_no, client_user_id, revision, request_hash, store_id,
           account_id, custom_id, name, gender, birthday, phone_cc, phone_number, email, marital_status, has_baby, has_beauty,
           is_irritability, target, agree_clause_ids, reject_clause_ids, consented, created_at, stored_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(u.merchantId, userNo, u.clientUserId, u.revision, u.requestHash, u.storeId, ...profileColumns(u.profile), u.createdAt, u.now, u.now).lastInsertRowid;
    return this.userById(Number(id)) as UserRow;
  }

  /** A newer revision of a customer: every profile field is replaced; ids and created_at stay. */
  updateUser(id: number, u: { revision: number; requestHash: string; storeId: number; profile: UserProfile; now: number }): UserRow {
    this.db
      .prepare(
        `UPDATE users SET revision = ?, request_hash = ?, store_id = ?, account_id = ?, custom_id = ?, name = ?, gender = ?, birthday = ?,
           phone_cc = ?, phone_number = ?, email = ?, marital_status = ?, has_baby = ?, has_beauty = ?, is_irritability = ?,
           target = ?, agree_clause_ids = ?, reject_clause_ids = ?, consented = ?, updated_at = ?
         WHERE id = ?`,
      )
      .run(u.revision, u.requestHash, u.storeId, ...profileColumns(u.profile), u.now, id);
    return this.userById(id) as UserRow;
  }

  reportById(id: number): ReportRow | undefined {
    return this.sql(`${REPORT_SELECT} WHERE r.id = ?`).get(id) as ReportRow | undefined;
  }

  reportByClientId(merchantId: number, clientReportId: string): ReportRow | undefined {
    return this.sql(`${REPORT_SELECT} WHERE r.merchant_id = ? AND r.client_report_id = ?`).get(merchantId, clientReportId) as ReportRow | undefined;
  }

  reportByPageKey(pageKey: string): ReportRow | undefined {
    return this.sql(`${REPORT_SELECT} WHERE r.page_key = ?`).get(pageKey) as ReportRow | undefined;
  }

  isTaskReported(merchantId: number, taskId: string): boolean {
    return this.sql('SELECT 1 FROM reports WHERE merchant_id = ? AND task_id = ?').get(merchantId, taskId) !== undefined;
  }

  /** A new report, numbered after the merchant's last one of its source type (deleted ones included). */
  insertReport(r: NewReport, now: number): ReportRow {
    const reportNo = (
      this.sql(
        `SELECT MAX(COALESCE((SELECT MAX(report_no) FROM reports WHERE merchant_id = @m AND source_type = @s), 0),
                    COALESCE((SELECT MAX(number) FROM deleted_clients WHERE merchant_id = @m AND kind = 'report' AND source_type = @s), 0)) + 1 AS n`,
      ).get({ m: r.merchantId, s: r.sourceType }) as { n: number }
    ).n;
    const id = this.db
      .prepare(
        `INSERT INTO reports (merchant_id, source_type, report_no, client_report_id, request_hash, user_id, store_id, account_id, device_sn,
           task_id, app_id, api_code, algorithm_variant, light_sources, images, result, page_key, page_expires_at, created_at, stored_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.merchantId, r.sourceType, reportNo, r.clientReportId, r.requestHash, r.userId, r.storeId, r.accountId, r.deviceSn, r.taskId, r.appId, r.apiCode,
        r.algorithmVariant, JSON.stringify(r.lightSources), JSON.stringify(r.images), JSON.stringify(r.result), r.pageKey, r.pageExpiresAt, r.createdAt, now,
      ).lastInsertRowid;
    return this.reportById(Number(id)) as ReportRow;
  }

  reportsOfUser(userId: number): ReportRow[] {
    return this.sql(`${REPORT_SELECT} WHERE r.user_id = ? ORDER BY r.id`).all(userId) as ReportRow[];
  }

  /** Whether a kiosk id was deleted on request: it is never taken again. */
  isDeleted(merchantId: number, kind: 'user' | 'report', clientId: string): boolean {
    return this.sql('SELECT 1 FROM deleted_clients WHERE merchant_id = ? AND kind = ? AND client_id = ?').get(merchantId, kind, clientId) !== undefined;
  }

  storeOf(merchantId: number, customId: string): { id: number; name: string } | undefined {
    return this.sql('SELECT id, name FROM stores WHERE merchant_id = ? AND custom_id = ?').get(merchantId, customId) as { id: number; name: string } | undefined;
  }

  accountExists(merchantId: number, accountId: number): boolean {
    return this.sql('SELECT 1 FROM accounts WHERE merchant_id = ? AND id = ?').get(merchantId, accountId) !== undefined;
  }

  names(merchantId: number, storeId: number): { merchant: string; store: string } {
    const row = this.sql('SELECT m.name AS merchant, s.name AS store FROM merchants m JOIN stores s ON s.merchant_id = m.id WHERE m.id = ? AND s.id = ?').get(merchantId, storeId) as
      | { merchant: string; store: string }
      | undefined;
    return row ?? { merchant: '', store: '' };
  }
}
