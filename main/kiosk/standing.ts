/**
 * Where the customer stands (kiosk API getStanding, issue 16 item 8, decision D-066): the
 * platform's percentile of each measured dimension among the merchant's customers of the same
 * age band. Asked by the session's analysis task and customer, never by scores: the platform
 * reads its own result. Anything that keeps the answer from coming (offline, not analysed yet,
 * not configured, refused) is "not available", which the results screen says in one line: the
 * figure is a comparison, not part of the report, and never holds the screen up.
 */
import { deviceSyncEndpoints } from '../../protocol/endpoints/device-sync.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { notFound } from './errors.ts';
import type { KioskLog } from './log.ts';
import type { PlatformLink } from './platform-link.ts';

export type StandingView = KioskOutput<'getStanding'>;

export class Standing {
  constructor(
    private readonly store: KioskStore,
    private readonly engine: SyncEngine,
    private readonly link: PlatformLink,
    private readonly log: KioskLog,
  ) {}

  async of(sessionId: string): Promise<StandingView> {
    const session = this.store.getSession(sessionId);
    if (!session) throw notFound(`Session ${sessionId}`);
    const job = this.engine.job(sessionId);
    // Only an analysed session has a result the platform can place; a customer is needed for the age band.
    if (!session.customerId || !job?.taskId || !job.result) return { available: false };
    try {
      const answer = await this.link.client().call(deviceSyncEndpoints.standing, { body: { client_user_id: session.customerId, task_id: job.taskId } });
      return {
        available: true,
        ageBand: answer.age_band,
        minGroupSize: answer.min_group_size,
        dimensions: answer.dimensions.map((d) => ({ dimension: d.dimension, percentile: d.percentile })),
      };
    } catch (error) {
      this.log.write('warn', `standing of session ${sessionId} not available: ${(error as Error).message}`);
      return { available: false };
    }
  }
}
