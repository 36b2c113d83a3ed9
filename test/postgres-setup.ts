import { randomBytes } from 'node:crypto';
import { dropTestPostgresDatabases } from './helpers/postgres.ts';

/**
 * Global setup of the platform suites on PostgreSQL: names this run, so its teardown drops every
 * database the run's test files created (a platform restarted on one data directory keeps its
 * database until then).
 */
export default function setup(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  process.env.TEST_POSTGRES_RUN = run;
  return async () => {
    await dropTestPostgresDatabases(`test_${run}_`);
  };
}
