import type { Migration } from './migration.ts';

/**
 * When an upload was first named by an accepted task or report (D-096): uploads never used go
 * after their policy's expiry and a grace period (skin-api/upload-retention.ts), used ones follow
 * the report and deletion rules. Uploads received before this migration count as used (whether a
 * task names them is only in the tasks' JSON): the sweep never removes what a task may need. The
 * partial index serves the sweep's "unused, expired before" and stays as small as the unused rows.
 */
export const migration010: Migration = {
  version: 10,
  name: 'upload use',
  up(db) {
    db.exec(`
      ALTER TABLE uploads ADD COLUMN used_at INTEGER;
      UPDATE uploads SET used_at = uploaded_at WHERE uploaded_at IS NOT NULL;
      CREATE INDEX uploads_unused ON uploads(expires_at) WHERE used_at IS NULL;
    `);
  },
};
