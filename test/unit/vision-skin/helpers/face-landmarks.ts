// A stand-in for vision/face, which is being built in parallel: BlazeFace finds the face, FaceMesh
// places the 468 landmarks, both through onnxruntime-node, and the result is the shared
// FaceGeometry contract (vision/types.ts). The skin tests and the benchmark need real landmarks
// on real photos now; the platform will feed vision/face's output through the same contract.
// Pose is left at zero: the skin analysers only read yaw to weigh sides, and the fixtures used
// are near frontal.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import type { FaceGeometry, RgbImage } from '../../../../vision/types.ts';

const MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../models');

/** An affine map from a square model input (size x size) to image pixels, rotation included. */
interface SquareCrop {
  readonly cx: number;
  readonly cy: number;
  /** Side of the square in image pixels. */
  readonly side: number;
  /** Rotation of the square in radians (image y down, positive clockwise). */
  readonly angle: number;
}

function toImage(crop: SquareCrop, size: number, u: number, v: number): [number, number] {
  const s = crop.side / size;
  const dx = (u - size / 2) * s;
  const dy = (v - size / 2) * s;
  const c = Math.cos(crop.angle);
  const n = Math.sin(crop.angle);
  return [crop.cx + dx * c - dy * n, crop.cy + dx * n + dy * c];
}

/** Samples the crop bilinearly into a float tensor, each pixel mapped by `scale` and `offset`. */
function sampleCrop(image: RgbImage, crop: SquareCrop, size: number, scale: number, offset: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const { width, height, data } = image;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      const [x, y] = toImage(crop, size, u + 0.5, v + 0.5);
      const fx = x - 0.5;
      const fy = y - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const ax = fx - x0;
      const ay = fy - y0;
      const o = (v * size + u) * 3;
      for (let ch = 0; ch < 3; ch++) {
        let acc = 0;
        for (let j = 0; j < 2; j++) {
          for (let i = 0; i < 2; i++) {
            const px = Math.min(width - 1, Math.max(0, x0 + i));
            const py = Math.min(height - 1, Math.max(0, y0 + j));
            const w = (i ? ax : 1 - ax) * (j ? ay : 1 - ay);
            // Outside the image counts as black, as a padded letterbox would.
            const inside = x0 + i >= 0 && x0 + i < width && y0 + j >= 0 && y0 + j < height;
            acc += inside ? w * (data[(py * width + px) * 3 + ch] ?? 0) : 0;
          }
        }
        out[o + ch] = acc * scale + offset;
      }
    }
  }
  return out;
}

/** BlazeFace anchors of the 256 px full-range model: strides 16 and 32, 2 and 6 per cell. */
function anchors(): Float32Array {
  const out: number[] = [];
  for (const [stride, perCell] of [
    [16, 2],
    [32, 6],
  ] as const) {
    const cells = 256 / stride;
    for (let y = 0; y < cells; y++) for (let x = 0; x < cells; x++) for (let k = 0; k < perCell; k++) out.push(stride * (x + 0.5), stride * (y + 0.5));
  }
  return Float32Array.from(out);
}

interface Detection {
  readonly score: number;
  readonly cx: number;
  readonly cy: number;
  readonly w: number;
  readonly h: number;
  readonly rightEye: [number, number];
  readonly leftEye: [number, number];
}

export class FaceLandmarker {
  private constructor(
    private readonly detector: ort.InferenceSession,
    private readonly mesh: ort.InferenceSession,
  ) {}

  static async create(): Promise<FaceLandmarker> {
    const detector = await ort.InferenceSession.create(join(MODEL_DIR, 'blazeface.onnx'));
    const mesh = await ort.InferenceSession.create(join(MODEL_DIR, 'facemesh.onnx'));
    return new FaceLandmarker(detector, mesh);
  }

  async release(): Promise<void> {
    await this.detector.release();
    await this.mesh.release();
  }

  /** The largest confident face, or null. */
  async detect(image: RgbImage): Promise<FaceGeometry | null> {
    const found = await this.detectFaces(image);
    if (found.length === 0) return null;
    const face = found.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
    const roll = Math.atan2(face.leftEye[1] - face.rightEye[1], face.leftEye[0] - face.rightEye[0]);
    let crop: SquareCrop = { cx: face.cx, cy: face.cy, side: Math.max(face.w, face.h) * 1.6, angle: roll };
    let landmarks = await this.runMesh(image, crop);
    // A second pass centred on the first pass's landmarks, the way MediaPipe tracks a face: the
    // mesh is most accurate when the crop frames the face as in training.
    crop = this.cropFromLandmarks(landmarks);
    landmarks = await this.runMesh(image, crop);
    return { box: boxOf(landmarks), landmarks, pose: { pitch: 0, roll: (crop.angle * 180) / Math.PI, yaw: 0 } };
  }

  private async detectFaces(image: RgbImage): Promise<Detection[]> {
    const side = Math.max(image.width, image.height);
    const frame: SquareCrop = { cx: image.width / 2, cy: image.height / 2, side, angle: 0 };
    const input = sampleCrop(image, frame, 256, 1 / 127.5, -1);
    const out = await this.detector.run({ input: new ort.Tensor('float32', input, [1, 256, 256, 3]) });
    const reg = [out['Identity_2']?.data as Float32Array, out['Identity_3']?.data as Float32Array];
    const logits = [out['Identity']?.data as Float32Array, out['Identity_1']?.data as Float32Array];
    const anchor = anchors();
    const dets: Detection[] = [];
    let index = 0;
    for (let g = 0; g < 2; g++) {
      const r = reg[g];
      const l = logits[g];
      if (!r || !l) throw new Error('blazeface: missing output');
      for (let i = 0; i < l.length; i++, index++) {
        const score = 1 / (1 + Math.exp(-(l[i] ?? -100)));
        if (score < 0.6) continue;
        const ax = anchor[index * 2] ?? 0;
        const ay = anchor[index * 2 + 1] ?? 0;
        const at = (k: number): number => r[i * 16 + k] ?? 0;
        const map = (u: number, v: number): [number, number] => toImage(frame, 256, u, v);
        const [cx, cy] = map(ax + at(0), ay + at(1));
        dets.push({ score, cx, cy, w: (at(2) * side) / 256, h: (at(3) * side) / 256, rightEye: map(ax + at(4), ay + at(5)), leftEye: map(ax + at(6), ay + at(7)) });
      }
    }
    return suppress(dets);
  }

  private async runMesh(image: RgbImage, crop: SquareCrop): Promise<Float32Array> {
    const input = sampleCrop(image, crop, 192, 1 / 255, 0);
    const out = await this.mesh.run({ input_1: new ort.Tensor('float32', input, [1, 192, 192, 3]) });
    const mesh = out['output_mesh']?.data as Float32Array;
    const landmarks = new Float32Array(468 * 3);
    const zScale = crop.side / 192;
    for (let i = 0; i < 468; i++) {
      const [x, y] = toImage(crop, 192, mesh[i * 3] ?? 0, mesh[i * 3 + 1] ?? 0);
      landmarks[i * 3] = x;
      landmarks[i * 3 + 1] = y;
      landmarks[i * 3 + 2] = (mesh[i * 3 + 2] ?? 0) * zScale;
    }
    return landmarks;
  }

  private cropFromLandmarks(landmarks: Float32Array): SquareCrop {
    const box = boxOf(landmarks);
    // Eye centres from the eye-corner landmarks (33/133 right eye, 263/362 left eye).
    const ex = (i: number, j: number): [number, number] => [((landmarks[i * 3] ?? 0) + (landmarks[j * 3] ?? 0)) / 2, ((landmarks[i * 3 + 1] ?? 0) + (landmarks[j * 3 + 1] ?? 0)) / 2];
    const r = ex(33, 133);
    const l = ex(263, 362);
    const angle = Math.atan2(l[1] - r[1], l[0] - r[0]);
    return { cx: box.left + box.width / 2, cy: box.top + box.height / 2, side: Math.max(box.width, box.height) * 1.5, angle };
  }
}

function boxOf(landmarks: Float32Array): FaceGeometry['box'] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < landmarks.length; i += 3) {
    const x = landmarks[i] ?? 0;
    const y = landmarks[i + 1] ?? 0;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

function iou(a: Detection, b: Detection): number {
  const ix = Math.max(0, Math.min(a.cx + a.w / 2, b.cx + b.w / 2) - Math.max(a.cx - a.w / 2, b.cx - b.w / 2));
  const iy = Math.max(0, Math.min(a.cy + a.h / 2, b.cy + b.h / 2) - Math.max(a.cy - a.h / 2, b.cy - b.h / 2));
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

function suppress(dets: Detection[]): Detection[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: Detection[] = [];
  for (const d of sorted) if (kept.every((k) => iou(k, d) < 0.3)) kept.push(d);
  return kept;
}
