import type { PostgresMigration } from './postgres-migration.ts';

/**
 * Every statement that inserts, changes or deletes catalogue items notifies `catalogue_changed`
 * with the merchant's id, delivered at commit to every process listening (D-075): they drop the
 * merchant's kept pages. A trigger, not the repository, so a change made by hand in SQL is heard
 * too. PostgreSQL folds identical notifications of one transaction into one.
 */
export const postgres008: PostgresMigration = {
  version: 8,
  name: 'catalogue change notifications (PostgreSQL only)',
  sql: `
    CREATE FUNCTION catalogue_items_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('catalogue_changed', OLD.merchant_id::text);
      ELSE
        PERFORM pg_notify('catalogue_changed', NEW.merchant_id::text);
        IF TG_OP = 'UPDATE' AND OLD.merchant_id <> NEW.merchant_id THEN
          PERFORM pg_notify('catalogue_changed', OLD.merchant_id::text);
        END IF;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER catalogue_items_notify AFTER INSERT OR UPDATE OR DELETE ON catalogue_items
      FOR EACH ROW EXECUTE FUNCTION catalogue_items_notify();
  `,
};
