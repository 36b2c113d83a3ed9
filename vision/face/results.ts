/**
 * The specification's direct detection payloads (interface-spec.md, "Direct detection results";
 * schemas in protocol/skin-api/detection.ts) from a FaceAnalysis. Number formats and the meaning
 * of each value: docs/vision-face.md, "Outputs".
 */
import type { FacePoseResult, FacialAnalysisResult } from '../../protocol/skin-api/detection.ts';
import { clipBox } from './analyze.ts';
import type { FaceAnalysis } from './analyze.ts';

/** face_pose_correct_all_race. Every value is a string holding a number, as specified. */
export function facePoseResult(face: FaceAnalysis): FacePoseResult {
  const image = { width: face.imageWidth, height: face.imageHeight };
  const bound = clipBox(face.landmarkBox, image);
  const v = face.visibility;
  const p = (x: number): string => num(x, 3);
  return {
    // D-024: left,top,width,height in image pixels (the landmark box clipped to the image).
    faceBound: [bound.left, bound.top, bound.width, bound.height].map((x) => num(x, 1)).join(','),
    faceEyeState: { left: p(face.eyes.left.open), right: p(face.eyes.right.open) },
    faceGlasses: { none: p(face.glasses.none), normal: p(face.glasses.normal), sunglasses: p(face.glasses.sunglasses) },
    faceOutDetect: { outBound: face.outOfBounds > 0 ? '1' : '0' },
    facePoseEuler: { pitch: num(face.pose.pitch, 2), roll: num(face.pose.roll, 2), yaw: num(face.pose.yaw, 2) },
    faceQuality: { blur: p(face.quality.blur), bright: p(face.quality.brightness), compression: p(face.quality.compression) },
    faceRatio: num(face.faceRatio, 4),
    faceVisibility: {
      jaw: p(v.jaw),
      leftcheek: p(v.leftcheek),
      lefteye: p(v.lefteye),
      lefteyebrow: p(v.lefteyebrow),
      mouse: p(v.mouse),
      nose: p(v.nose),
      rightcheek: p(v.rightcheek),
      righteye: p(v.righteye),
      righteyebrow: p(v.righteyebrow),
    },
  };
}

/**
 * facial_analysis_all_race. `gender` is FaceRes' score (estimateGender): above 0.5 male. The
 * translation is in centimetres (headTranslation). Landmarks and rectangle are normalised to the
 * image size.
 */
export function facialAttributeResult(face: FaceAnalysis, gender: number): FacialAnalysisResult {
  const { imageWidth: w, imageHeight: h } = face;
  const rect = clipBox(face.landmarkBox, { width: w, height: h });
  const landmarks: [number, number][] = [];
  for (let i = 0; i < face.landmarks.length; i += 3) landmarks.push([round(face.landmarks[i]! / w, 5), round(face.landmarks[i + 1]! / h, 5)]);
  return {
    face_attributes: {
      gender: { value: round(gender, 4) },
      translate_x: { value: round(face.translation.x, 2) },
      translate_y: { value: round(face.translation.y, 2) },
      translate_z: { value: round(face.translation.z, 2) },
    },
    face_landmark: landmarks,
    face_rectangle: { height: round(rect.height / h, 5), left: round(rect.left / w, 5), top: round(rect.top / h, 5), width: round(rect.width / w, 5) },
  };
}

function round(x: number, digits: number): number {
  if (!Number.isFinite(x)) return 0;
  const f = 10 ** digits;
  // + 0 turns -0 into 0.
  return Math.round(x * f) / f + 0;
}

/** A plain decimal string (never exponent notation, never "-0"). */
function num(x: number, digits: number): string {
  return String(round(x, digits));
}
