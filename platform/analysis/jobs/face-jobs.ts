import type { FacePoseResult, FacialAnalysisResult } from '../../../protocol/skin-api/detection.ts';
import type { FacePoseTaskResult, FacialAnalysisTaskResult } from '../../../protocol/skin-api/task-result.ts';
import type { View } from '../../../protocol/skin-api/api-codes.ts';
import { analyzeFace, estimateGender, facePoseResult, facialAttributeResult, type FaceAnalysis } from '../../../vision/face/index.ts';
import { decodeImage } from '../../../vision/image/decode.ts';
import type { RgbImage } from '../../../vision/types.ts';
import type { JobResult, TaskJobPayload } from '../job-types.ts';
import { JobError, onImage } from './job-errors.ts';
import { TaskCodes } from '../../../protocol/skin-api/task-codes.ts';

// decision: pose and attributes need no more than 4 MP; larger photos are shrunk while decoding.
const FACE_MAX_PIXELS = 4_000_000;

async function faceOf(bytes: Uint8Array, imageKey: string): Promise<{ image: RgbImage; face: FaceAnalysis }> {
  return onImage(imageKey, async () => {
    const image = await decodeImage(bytes, { maxPixels: FACE_MAX_PIXELS });
    return { image, face: await analyzeFace(image) };
  });
}

export async function detectFacePose(bytes: Uint8Array): Promise<JobResult> {
  const { face } = await faceOf(bytes, 'pic_url');
  const record: FacePoseResult = facePoseResult(face);
  return { record, files: [] };
}

export async function detectFacialAttributes(bytes: Uint8Array): Promise<JobResult> {
  const { image, face } = await faceOf(bytes, 'pic_url');
  const record: FacialAnalysisResult = facialAttributeResult(face, await estimateGender(image, face.region));
  return { record, files: [] };
}

function imageOf(payload: TaskJobPayload, key: string): Uint8Array {
  const found = payload.images.find((image) => image.key === key);
  if (!found) throw new JobError(TaskCodes.ANALYSIS_FAILED.code, `${key} missing from the task`);
  return found.bytes;
}

/** face_pose_correction: the pose of every view supplied (front, or front, left and right). */
export async function facePoseTask(payload: TaskJobPayload): Promise<JobResult> {
  const views: View[] = payload.view_count === 3 ? ['front', 'left', 'right'] : ['front'];
  const poses: FacePoseTaskResult['views'] = [];
  for (const view of views) {
    const key = `${view}_image`;
    const { face } = await faceOf(imageOf(payload, key), key);
    poses.push({ view, pose: facePoseResult(face) });
  }
  const record: FacePoseTaskResult = { type: 'face_pose', views: poses };
  return { record, files: [] };
}

/** facial_analysis: the front image's attributes, landmarks and rectangle. */
export async function facialAnalysisTask(payload: TaskJobPayload): Promise<JobResult> {
  const { image, face } = await faceOf(imageOf(payload, 'front_image'), 'front_image');
  const record: FacialAnalysisTaskResult = { type: 'facial_analysis', face: facialAttributeResult(face, await estimateGender(image, face.region)) };
  return { record, files: [] };
}
