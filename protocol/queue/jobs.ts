import { z } from 'zod';

/**
 * Payloads of the shared job queue (D-073). A job crosses processes through PostgreSQL, written by
 * an API node and read by a worker of perhaps another release, so each is parsed on arrival: a
 * malformed job is dropped and logged, never run.
 */
export const ANALYSIS_TASK_JOB = 'analysis_task';

/** The task row is the truth (D-056); the job only says which task to claim. */
export const analysisTaskJobSchema = z.object({ task_id: z.string().min(1).max(64) });
export type AnalysisTaskJob = z.infer<typeof analysisTaskJobSchema>;
