import type { SqlExecutor } from '../storage/sql.ts';

/** Rows read at once while a removal collects the files a merchant's uploads and tasks name. */
const PAGE = 500;

/**
 * Rows a merchant's removal deletes, children before parents (the schema's foreign keys refuse
 * any other order), each a single statement over the merchant's id. push_attempts and tokens
 * name the merchant only through their parent.
 */
const MERCHANT_ROWS: readonly { table: string; where: string }[] = [
  { table: 'push_attempts', where: 'event_id IN (SELECT id FROM push_events WHERE merchant_id = ?)' },
  { table: 'push_events', where: 'merchant_id = ?' },
  { table: 'reports', where: 'merchant_id = ?' },
  { table: 'users', where: 'merchant_id = ?' },
  { table: 'tasks', where: 'merchant_id = ?' },
  { table: 'uploads', where: 'merchant_id = ?' },
  { table: 'skin_orders', where: 'merchant_id = ?' },
  { table: 'catalogue_bundle_items', where: 'merchant_id = ?' },
  { table: 'catalogue_sale_stores', where: 'merchant_id = ?' },
  { table: 'catalogue_store_links', where: 'merchant_id = ?' },
  { table: 'catalogue_items', where: 'merchant_id = ?' },
  { table: 'accounts', where: 'merchant_id = ?' },
  { table: 'stores', where: 'merchant_id = ?' },
  { table: 'areas', where: 'merchant_id = ?' },
  { table: 'merchant_integrations', where: 'merchant_id = ?' },
  { table: 'deleted_clients', where: 'merchant_id = ?' },
  { table: 'tokens', where: 'app_id IN (SELECT app_id FROM apps WHERE merchant_id = ?)' },
  { table: 'apps', where: 'merchant_id = ?' },
  { table: 'merchants', where: 'id = ?' },
];

/** What the operator's removal of a merchant or a group reads and deletes (D-135), in the command's transaction. */
export class TenantRemovalRepository {
  constructor(private readonly tx: SqlExecutor) {}

  group(groupId: number): Promise<{ id: number; name: string } | undefined> {
    return this.tx.one<{ id: number; name: string }>('SELECT id, name FROM groups WHERE id = ?', [groupId]);
  }

  async unfinishedTasks(merchantId: number): Promise<number> {
    const row = await this.tx.one<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE merchant_id = ? AND status IN ('queued', 'running')", [merchantId]);
    return Number(row?.n ?? 0);
  }

  /**
   * Every upload's object key of the merchant, a page at a time (whether or not the file arrived).
   * Its reports' images are among them: a report names only uploads of its merchant, and a used
   * upload's row is never deleted (device-reports.ts, D-096).
   */
  uploadKeys(merchantId: number): AsyncGenerator<string[]> {
    return this.pages<{ resource_key: string }, string>('SELECT resource_key FROM uploads WHERE merchant_id = ? AND resource_key > ? ORDER BY resource_key LIMIT ?', merchantId, '', (row) => row.resource_key, (row) => row.resource_key);
  }

  /** The stored results of the merchant's tasks, a page at a time; its reports' results are copies of them (device-reports.ts). */
  taskResults(merchantId: number): AsyncGenerator<string[]> {
    return this.pages<{ id: string; result: string }, string>('SELECT id, result FROM tasks WHERE merchant_id = ? AND id > ? AND result IS NOT NULL ORDER BY id LIMIT ?', merchantId, '', (row) => row.id, (row) => row.result);
  }

  /** Rows of `query` (merchant, cursor, limit) a page at a time, walking on from each page's last cursor. */
  private async *pages<R, T>(query: string, merchantId: number, first: string, cursor: (row: R) => string, value: (row: R) => T): AsyncGenerator<T[]> {
    let after = first;
    for (;;) {
      const rows = await this.tx.all<R>(query, [merchantId, after, PAGE]);
      if (rows.length === 0) return;
      yield rows.map(value);
      after = cursor(rows[rows.length - 1]!);
    }
  }

  /**
   * Closes the merchant's own doors before its rows go: its apps revoked and their tokens dropped
   * (refused on every node once their token caches let go), its webhook turned off (the push
   * worker stops retrying its events).
   */
  async closeMerchant(merchantId: number, now: number): Promise<void> {
    await this.tx.run('UPDATE apps SET revoked_at = ? WHERE merchant_id = ? AND revoked_at IS NULL', [now, merchantId]);
    await this.tx.run('DELETE FROM tokens WHERE app_id IN (SELECT app_id FROM apps WHERE merchant_id = ?)', [merchantId]);
    await this.tx.run("UPDATE merchant_integrations SET webhook_enabled = 0, webhook_disabled_reason = 'the merchant is being removed', updated_at = ? WHERE merchant_id = ?", [now, merchantId]);
  }

  /** Deletes every row of the merchant; the count of each table's rows deleted, tables with none left out. */
  async deleteMerchantRows(merchantId: number): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const { table, where } of MERCHANT_ROWS) {
      const { changes } = await this.tx.run(`DELETE FROM ${table} WHERE ${where}`, [merchantId]);
      if (changes > 0) deleted[table] = changes;
    }
    return deleted;
  }

  /** Deletes a group without merchants: its apps' tokens, its apps, the group. */
  async deleteGroupRows(groupId: number): Promise<{ apps: number }> {
    await this.tx.run('DELETE FROM tokens WHERE app_id IN (SELECT app_id FROM apps WHERE group_id = ?)', [groupId]);
    const { changes: apps } = await this.tx.run('DELETE FROM apps WHERE group_id = ?', [groupId]);
    await this.tx.run('DELETE FROM groups WHERE id = ?', [groupId]);
    return { apps };
  }
}
