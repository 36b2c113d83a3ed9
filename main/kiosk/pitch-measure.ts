/**
 * Measuring the camera mounting (kiosk API measurePitch): a person looks straight at the screen,
 * and the pitch the face check reads on them is the offset the guidance subtracts (settings
 * `pitchOffset`, docs/kiosk-core.md "Camera mounting"). The technician gets the value to keep or
 * adjust before saving; nothing is stored here.
 *
 * Frames come from the renderer's camera (preview JPEGs) or, without them, from main's own
 * (simulated) camera. The median over the frames with a face is the reading, so a blink or a
 * glance away in one frame does not move it.
 */
import type { KioskOutput } from '../kiosk-api/types.ts';
import type { RgbImage } from '../../vision/types.ts';
import type { LiveCheck } from '../capture/live-check.ts';
import type { GuidanceConfig } from '../config/guidance-config.ts';
import { CameraError } from '../device/camera.ts';
import { SIMULATED_CAMERA_ID } from '../device/simulated-camera.ts';
import { uiMessage } from '../kiosk-api/messages.ts';
import type { DeviceHolder } from './device-holder.ts';
import { conflict, invalid } from './errors.ts';
import { decodePreviewJpeg } from './push-camera.ts';

export interface PitchMeasureDeps {
  readonly device: DeviceHolder;
  readonly liveCheck: LiveCheck;
  /** The guidance in force: its pose tolerances say what "looking straight" is. */
  readonly guidance: () => GuidanceConfig;
  /** A capture session is using the camera and the face check. */
  readonly busy: () => boolean;
}

/** Frames main's own camera gives a measurement. */
const OWN_CAMERA_FRAMES = 5;
/** The offsets settings accept (pitchOffset, degrees). */
const OFFSET_LIMIT = 30;

type Measurement = KioskOutput<'measurePitch'>;

export async function measurePitch(deps: PitchMeasureDeps, jpegs?: readonly Uint8Array[]): Promise<Measurement> {
  if (deps.busy()) throw conflict('A capture session is using the camera; finish or cancel it first.');
  const frames = await framesToMeasure(deps, jpegs);
  const poses = [];
  for (const frame of frames) {
    const check = await deps.liveCheck(frame);
    if (check.facePresent) poses.push(check.pose);
  }
  const counts = { frames: frames.length, faces: poses.length };
  // Fewer than half the frames with a face: nobody was really in front of the camera.
  if (poses.length < Math.max(1, Math.ceil(frames.length / 2))) return { ok: false, pitch: null, ...counts, detail: uiMessage('pitch.no_face', counts) };
  // `|| 0`: a reading just below zero rounds to -0, which would show as "-0°".
  const pitch = Math.round(median(poses.map((p) => p.pitch))) || 0;
  const yaw = Math.round(median(poses.map((p) => p.yaw))) || 0;
  const roll = Math.round(median(poses.map((p) => p.roll))) || 0;
  const guidance = deps.guidance();
  if (Math.abs(yaw) > guidance.views.front.yawTolerance || Math.abs(roll) > guidance.maxRoll) {
    return { ok: false, pitch: null, ...counts, detail: uiMessage('pitch.not_facing', { yaw, roll }) };
  }
  if (Math.abs(pitch) > OFFSET_LIMIT) return { ok: false, pitch: null, ...counts, detail: uiMessage('pitch.out_of_range', { pitch, limit: OFFSET_LIMIT }) };
  return { ok: true, pitch, ...counts, detail: uiMessage('pitch.measured', { pitch, ...counts }) };
}

async function framesToMeasure(deps: PitchMeasureDeps, jpegs?: readonly Uint8Array[]): Promise<RgbImage[]> {
  const open = deps.device.get();
  if (jpegs) {
    const size = open.config.camera.preview;
    try {
      return await Promise.all(jpegs.map((jpeg) => decodePreviewJpeg(jpeg, size)));
    } catch (error) {
      if (error instanceof CameraError) throw invalid(error.message, 'jpegs');
      throw error;
    }
  }
  if (open.camera.info.id !== SIMULATED_CAMERA_ID) throw invalid('This kiosk uses the camera of the kiosk window: send its preview frames to measure.', 'jpegs');
  const frames: RgbImage[] = [];
  for (let i = 0; i < OWN_CAMERA_FRAMES; i++) frames.push(await open.camera.previewFrame({ view: 'front', light: null }));
  return frames;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
