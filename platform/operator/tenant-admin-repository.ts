import type { Region } from '../../protocol/regions.ts';
import type { AppLevel } from '../auth/token-repository.ts';
import type { SqlExecutor } from '../storage/sql.ts';

export interface GroupListRow {
  id: number;
  name: string;
  created_at: number;
}

export interface MerchantListRow {
  id: number;
  group_id: number;
  name: string;
  region: Region;
  default_lang: string;
  lang_list: string;
  area: string;
  multi_account: number;
  stores: number;
  /** The app that signs its pushes and CRM calls, or null (merchant_integrations). */
  signing_app_id: string | null;
}

/** An app as the operator sees it: never its secret. */
export interface AppListRow {
  app_id: string;
  level: AppLevel;
  group_id: number;
  merchant_id: number | null;
  name: string;
  created_at: number;
  revoked_at: number | null;
}

/** What the operator's tenant commands read and change beyond the repositories the API uses (D-129). */
export class TenantAdminRepository {
  constructor(private readonly db: SqlExecutor) {}

  groups(): Promise<GroupListRow[]> {
    return this.db.all<GroupListRow>('SELECT id, name, created_at FROM groups ORDER BY id');
  }

  /** The group of this name, whatever its letter case ("Acme" and "ACME" are one group to a person). */
  groupNamed(name: string): Promise<{ id: number } | undefined> {
    return this.db.one<{ id: number }>('SELECT id FROM groups WHERE lower(name) = lower(?)', [name]);
  }

  groupExists(groupId: number): Promise<boolean> {
    return this.db.one('SELECT 1 AS found FROM groups WHERE id = ?', [groupId]).then((row) => row !== undefined);
  }

  /** The group's merchant of this name, whatever its letter case. */
  merchantNamedInGroup(groupId: number, name: string): Promise<{ id: number } | undefined> {
    return this.db.one<{ id: number }>('SELECT id FROM merchants WHERE group_id = ? AND lower(name) = lower(?)', [groupId, name]);
  }

  /** Merchants with their store counts and signing apps. */
  merchants(): Promise<MerchantListRow[]> {
    return this.db.all<MerchantListRow>(
      `SELECT m.id, m.group_id, m.name, m.region, m.default_lang, m.lang_list, m.area, m.multi_account,
              (SELECT COUNT(*) FROM stores s WHERE s.merchant_id = m.id) AS stores,
              (SELECT i.signing_app_id FROM merchant_integrations i WHERE i.merchant_id = m.id) AS signing_app_id
         FROM merchants m ORDER BY m.id`,
    );
  }

  /** Every merchant's store regions (areas), in the order they were made. */
  areas(): Promise<{ merchant_id: number; name: string }[]> {
    return this.db.all<{ merchant_id: number; name: string }>('SELECT merchant_id, name FROM areas ORDER BY merchant_id, id');
  }

  apps(): Promise<AppListRow[]> {
    return this.db.all<AppListRow>('SELECT app_id, level, group_id, merchant_id, name, created_at, revoked_at FROM apps ORDER BY created_at, app_id');
  }

  app(appId: string): Promise<AppListRow | undefined> {
    return this.db.one<AppListRow>('SELECT app_id, level, group_id, merchant_id, name, created_at, revoked_at FROM apps WHERE app_id = ?', [appId]);
  }

  /** Merchants whose pushes and CRM calls the app signs (merchant_integrations.signing_app_id). */
  merchantsSignedBy(appId: string): Promise<{ merchant_id: number }[]> {
    return this.db.all<{ merchant_id: number }>('SELECT merchant_id FROM merchant_integrations WHERE signing_app_id = ? ORDER BY merchant_id', [appId]);
  }

  /** Revokes the app and drops its token. */
  async revoke(appId: string, now: number): Promise<void> {
    await this.db.run('UPDATE apps SET revoked_at = ? WHERE app_id = ?', [now, appId]);
    await this.db.run('DELETE FROM tokens WHERE app_id = ?', [appId]);
  }
}
