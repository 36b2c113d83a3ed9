import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';
import { NoFaceError } from '../../../vision/face/errors.ts';
import { ImageTooLargeError, ImageTooSmallError, NotAnImageError, TruncatedImageError } from '../../../vision/image/errors.ts';

/** A job failure the caller should see with its own code (task-codes.ts 451xx). */
export class JobError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

/** Maps what vision/ throws to the task code a merchant can act on; anything else stays unknown. */
export function jobErrorOf(error: unknown, imageKey?: string): { message: string; code?: number } {
  const where = imageKey ? ` (${imageKey})` : '';
  if (error instanceof JobError) return { message: error.message, code: error.code };
  if (error instanceof NoFaceError) return { message: `${TaskCodes.NO_FACE.msg}${where}`, code: TaskCodes.NO_FACE.code };
  if (error instanceof NotAnImageError || error instanceof TruncatedImageError || error instanceof ImageTooSmallError || error instanceof ImageTooLargeError) {
    return { message: `${TaskCodes.IMAGE_UNREADABLE.msg}${where}: ${error.message}`, code: TaskCodes.IMAGE_UNREADABLE.code };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Runs a step on one image and tags its failure with the image key. */
export async function onImage<T>(imageKey: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const mapped = jobErrorOf(error, imageKey);
    if (mapped.code !== undefined) throw new JobError(mapped.code, mapped.message);
    throw error;
  }
}
