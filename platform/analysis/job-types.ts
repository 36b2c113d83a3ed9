import type { AlgorithmVariant, ApiCode, ImageKey, LightSource, MaskFormat, View } from '../../protocol/skin-api/api-codes.ts';
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { z } from 'zod';

/** What every analysis worker is started with (its workerData), checked when it starts. */
export const workerSetupSchema = z.object({
  /** Folder of the ONNX models; absent: the repository's models/. */
  modelDir: z.string().min(1).optional(),
});
export type WorkerSetup = z.infer<typeof workerSetupSchema>;

/** The messages between the dispatcher (main thread) and the analysis workers. */
export type JobKind = 'task' | 'skin_view' | 'detect_skin' | 'detect_face_pose' | 'detect_facial_attributes';

export interface TaskJobPayload {
  api_code: ApiCode;
  algorithm_variant: AlgorithmVariant;
  view_count: 1 | 3;
  light_sources: readonly LightSource[];
  dimension_codes: readonly DimensionId[];
  mask_format: MaskFormat | null;
  /** Encoded image files by image key; their buffers are transferred, not copied. */
  images: { key: ImageKey; bytes: Uint8Array }[];
}

/** One view of a skin task: analysed in its own job so the views of a task share the pool. */
export interface SkinViewJobPayload {
  view: View;
  /** Encoded photos by light source; buffers transferred. */
  photos: Partial<Record<LightSource, Uint8Array>>;
  dimensions: readonly DimensionId[];
  format: MaskFormat;
  /** device_v annotations name their light source; single-camera ones do not. */
  namesLight: boolean;
}

export interface DetectJobPayload {
  bytes: Uint8Array;
}

/**
 * Asks a worker to exit once its job (if any) has settled. A worker must never be terminated
 * while onnxruntime runs in it: the native binding then aborts the whole process.
 */
export interface StopRequest {
  stop: true;
}

export type JobRequest =
  | { id: number; kind: 'task'; payload: TaskJobPayload }
  | { id: number; kind: 'skin_view'; payload: SkinViewJobPayload }
  | { id: number; kind: Exclude<JobKind, 'task' | 'skin_view'>; payload: DetectJobPayload };

/** An output file of a job: an annotation image or annotation JSON. */
export interface JobFile {
  /** Name unique within the job, with its extension, e.g. `pore-front.png`. */
  name: string;
  mime: string;
  bytes: Uint8Array;
}

export interface JobResult {
  /** The result record (task) or detection payload; annotation urls name files by `file:<name>`. */
  record: unknown;
  files: JobFile[];
}

/** A job's failure as sent back to the pool; code is set when the caller may see it (jobs/job-errors.ts). */
export interface JobErrorReport {
  message: string;
  code?: number;
  /** The image key (or pic_url) of the image that failed. */
  field?: string;
  /** What was wrong with it, without the code's message. */
  detail?: string;
}

export type JobResponse = { id: number; ok: true; result: JobResult } | { id: number; ok: false; error: JobErrorReport };
