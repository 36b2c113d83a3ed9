import type { Migration } from './migration.ts';

/**
 * When an operator revoked an app (D-129: `npm run platform -- tenants revoke-app`). The row stays,
 * since reports and tasks name the app that made them; a revoked app gets no token, its token
 * stops answering and its pull signatures are refused.
 */
export const migration012: Migration = {
  version: 12,
  name: 'app revocation',
  up(db) {
    db.exec('ALTER TABLE apps ADD COLUMN revoked_at INTEGER;');
  },
};
