/** One numbered schema step of the platform's PostgreSQL database: plain SQL, run in a transaction. */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
