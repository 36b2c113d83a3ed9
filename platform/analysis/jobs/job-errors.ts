import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { NoFaceError } from '../../../vision/face/errors.ts';
import type { JobErrorReport } from '../job-types.ts';
import { ImageTooLargeError, ImageTooSmallError, NotAnImageError, TruncatedImageError } from '../../../vision/image/errors.ts';

/**
 * A job failure the caller should see with its own code (task-codes.ts 451xx). The message is a
 * task's error text (code message, image key, detail); field and detail let a synchronous caller
 * put the code's fixed message in meta.msg and the rest in meta.error (D-003).
 */
export class JobError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The image key (or pic_url) of the image that failed. */
    readonly field?: string,
    /** What was wrong with it, without the code's message. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/** Maps what vision/ throws to the task code a merchant can act on; anything else stays unknown. */
export function jobErrorOf(error: unknown, imageKey?: string): JobErrorReport {
  const where = imageKey ? ` (${imageKey})` : '';
  if (error instanceof JobError) return { message: error.message, code: error.code, field: error.field, detail: error.detail };
  if (error instanceof NoFaceError) return { message: `${TaskCodes.NO_FACE.msg}${where}`, code: TaskCodes.NO_FACE.code, field: imageKey, detail: 'no face found in the image' };
  if (error instanceof NotAnImageError || error instanceof TruncatedImageError || error instanceof ImageTooSmallError || error instanceof ImageTooLargeError) {
    return { message: `${TaskCodes.IMAGE_UNREADABLE.msg}${where}: ${error.message}`, code: TaskCodes.IMAGE_UNREADABLE.code, field: imageKey, detail: error.message };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Runs a step on one image and tags its failure with the image key. */
export async function onImage<T>(imageKey: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const mapped = jobErrorOf(error, imageKey);
    if (mapped.code !== undefined) throw new JobError(mapped.code, mapped.message, mapped.field, mapped.detail);
    throw error;
  }
}
