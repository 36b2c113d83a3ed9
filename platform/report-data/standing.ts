import { DeviceSyncCodes } from '../../protocol/device-sync/codes.ts';
import type { AgeBand, StandingRequest, StandingResponse } from '../../protocol/device-sync/standing.ts';
import { REPORT_API_CODE } from '../../protocol/device-sync/reports.ts';
import { skinResultSchema, type SkinResult } from '../../protocol/skin-api/task-result.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import type { TaskRow, TaskService } from '../skin-api/task-service.ts';
import type { ReportRepository } from './report-repository.ts';
import { ageAt, ageBandOf, inBand, percentileIn } from './standing-arithmetic.ts';
import type { PeerVisit, StandingRepository } from './standing-repository.ts';

const SKIN_API_CODES: readonly string[] = Object.values(REPORT_API_CODE);

/**
 * POST /device_api/standing (decision D-066): the percentile of each measured dimension of one
 * analysis among the merchant's other consenting customers of the same age band, each counted
 * once by their latest analysed visit and only where that visit measured the dimension. The
 * answer holds percentiles and the band, never a score, a count or anything of another person.
 */
export class StandingService {
  constructor(
    private readonly clock: Clock,
    private readonly users: ReportRepository,
    private readonly peers: StandingRepository,
    private readonly tasks: TaskService,
    /** The least group a percentile is given for (config peerGroupMin, at least 10). */
    private readonly minGroup: number,
  ) {}

  async standing(merchantId: number, input: StandingRequest): Promise<StandingResponse> {
    const user = await this.users.userByClientId(merchantId, input.client_user_id);
    if (!user) {
      if (await this.users.isDeleted(merchantId, 'user', input.client_user_id)) throw new ApiError(DeviceSyncCodes.CLIENT_DELETED, `client_user_id ${input.client_user_id} was deleted on request`);
      throw new ApiError(DeviceSyncCodes.USER_NOT_FOUND, `client_user_id: ${input.client_user_id}`);
    }
    const { task, result } = await this.analysis(merchantId, input.task_id);
    const reportedFor = await this.peers.reportedUserOfTask(merchantId, input.task_id);
    if (reportedFor !== undefined && reportedFor !== user.id) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${input.task_id}: the analysis is another customer's`);

    // The age at the analysis picks the band; an unknown birthday compares with every age.
    const age = ageAt(user.birthday, task.created_at);
    const band = age === null ? null : ageBandOf(age);
    const visits = await this.peers.latestVisitsOfOthers(merchantId, user.id, band === null ? null : bornBy(this.clock.now(), band.from));
    const groups = scoresByDimension(visits, band);
    return {
      age_band: band,
      min_group_size: this.minGroup,
      dimensions: result.dimensions.map((d) => ({ dimension: d.dimension, percentile: percentileIn(d.score, groups.get(d.dimension) ?? [], this.minGroup) })),
    };
  }

  /** The merchant's succeeded skin analysis; anything else is 46204, as for a report. */
  private async analysis(merchantId: number, taskId: string): Promise<{ task: TaskRow; result: SkinResult }> {
    const task = await this.tasks.find(merchantId, taskId).catch(() => undefined);
    if (!task) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: no such task`);
    if (!SKIN_API_CODES.includes(task.api_code)) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: ${task.api_code} is no skin analysis`);
    if (task.status !== 'succeeded') throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: the task is ${task.status}`);
    const result = skinResultSchema.safeParse(JSON.parse(task.result ?? 'null'));
    if (!result.success) throw new ApiError(DeviceSyncCodes.TASK_NOT_USABLE, `task_id ${taskId}: the task has no skin result`);
    return { task, result: result.data };
  }
}

/**
 * The latest birthday (`YYYY-MM-DD`) anyone `years` old or more today can have: no visit lies
 * in the future, so nobody born later can have been that old at a visit. Compared as text.
 */
function bornBy(nowMs: number, years: number): string {
  const today = new Date(nowMs);
  return `${String(today.getUTCFullYear() - years).padStart(4, '0')}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
}

/** Measured scores per dimension of the visits whose customer was in the band at that visit. */
function scoresByDimension(visits: readonly PeerVisit[], band: AgeBand | null): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const visit of visits) {
    if (band !== null) {
      const age = ageAt(visit.birthday, visit.created_at);
      if (age === null || !inBand(age, band)) continue;
    }
    // Stored results were checked against skinResultSchema when the report was stored; only
    // measured dimensions are in `dimensions` (D-033), so a not-measured one never counts.
    const { dimensions } = JSON.parse(visit.result) as Pick<SkinResult, 'dimensions'>;
    for (const d of dimensions) {
      const scores = groups.get(d.dimension);
      if (scores) scores.push(d.score);
      else groups.set(d.dimension, [d.score]);
    }
  }
  return groups;
}
