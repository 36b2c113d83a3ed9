/**
 * Where the customer's face should be, as one geometry for what the capture screen draws (the
 * oval) and what the guidance accepts (face size and centre), D-060. Before, the oval was a fixed
 * share of the picture's width and height while the size rule wanted a fixed share of the width:
 * on a 16:9 camera the oval came out flat and a head filling it measured 0.23 of the width against
 * a rule of 0.25, so a customer doing exactly what the screen showed was told "come closer"
 * for minutes. Now the oval is derived from the rules and the frame, and the rules are read back
 * from the oval, so filling the oval passes them on every camera:
 * - sizes are shares of the preview frame (width for x, height for y), the units the face check
 *   reports; the oval keeps a head's proportions in pixels whatever the frame's aspect ratio;
 * - the field of view does not enter: it changes how far away the customer stands when the face
 *   fills the oval, not which share of the picture it takes; what a lens and sensor give the
 *   analysis is the still's pixels per millimetre, which enters through `stillWidth`;
 * - mirroring does not enter: the oval is centred horizontally, so it is its own mirror image,
 *   and the preview mirrors the picture and the overlay together (renderer/capture/CameraPreview);
 * - the screen's orientation does not enter: the preview box keeps the frame's aspect ratio in
 *   portrait and landscape, and the overlay is stretched to it.
 * Runtime-free (D-036): main's guidance and the tests import it.
 */

/** Width over height of a frontal adult face's landmark box (FaceMesh's 468 points), in pixels: 0.86 to 0.90 on the test faces. */
export const FACE_BOX_ASPECT = 0.88;
/** Width over height of the oval drawn, in pixels: a head with its hair and ears. */
export const OVAL_ASPECT = 0.8;
/**
 * The face box widths that count as filling the oval, as shares of the oval's width: a customer
 * who fits their head, hair and ears included, into the oval shows a landmark box of about 0.6 to
 * 0.85 of it (short hair near 0.85, full hair lower; the e2e test's astronaut, with much hair,
 * fills it at about 0.5); one who fits the bare face shows about 1.0. All but the fullest hair
 * must pass.
 */
export const FILL_LOW = 0.6;
export const FILL_HIGH = 1.1;
/**
 * The eye distance over the face box width, taken low (measured 0.40 to 0.47, turned faces
 * included), so a face sized by it still has the still resolution the analysis needs.
 */
export const IPD_SHARE_LOW = 0.4;
/** Millimetres between the pupils of an adult (the skin analysis's scale, vision/skin/regions/geometry.ts). */
const IPD_MM = 63;
/** The oval's centre: a little above the middle, eyes on the upper third. */
const CENTRE_Y = 0.47;
/** The oval's height may take at most this share of the frame's, so it never touches the edges. */
const MAX_OVAL_HEIGHT = 0.88;

/** What the guidance configuration says about size and placement (GuidanceConfig's fields). */
export interface FaceSizeRules {
  /** Least face box width, as a share of the frame width. */
  readonly minFaceRatio: number;
  /** Greatest face box width, as a share of the frame width. */
  readonly maxFaceRatio: number;
  /** Least pixels per millimetre on the face in the still (D-033); 0 = no need. */
  readonly minStillPxPerMm: number;
  /** Greatest distance of the face box centre from the oval's centre, share of the frame's width / height. */
  readonly maxCentreOffset: number;
}

export interface FrameShape {
  readonly width: number;
  readonly height: number;
}

/** Why the oval has the size it has. */
export type TargetLimit = 'rule' | 'detail' | 'frame';

export interface FaceTarget {
  /** The oval, normalised 0..1 to the frame (x over its width, y over its height). */
  readonly oval: { readonly cx: number; readonly cy: number; readonly rx: number; readonly ry: number };
  /** Accepted face box width, share of the frame width: below asks to come closer, above to move back. */
  readonly minFaceRatio: number;
  readonly maxFaceRatio: number;
  /** Accepted distance of the face box centre from the oval's centre, share of the frame width / height. */
  readonly maxOffsetX: number;
  readonly maxOffsetY: number;
  /**
   * What set the size: the configured least share (`rule`), the still's resolution on the face
   * (`detail`), or the frame, when the oval needed would not fit (`frame`: then the least size is
   * what fits, and the still has less detail than minStillPxPerMm asks; a technician must know).
   */
  readonly limitedBy: TargetLimit;
  /**
   * Whether a face filling the oval has the still resolution minStillPxPerMm asks (D-033): false
   * only when the frame cannot hold the oval that would need; the guidance then does not ask for
   * it, since the customer cannot do more than fill the oval.
   */
  readonly detailReachable: boolean;
  /** The frame it was made for, in pixels: the face box is normalised to it. */
  readonly frame: FrameShape;
}

/**
 * The target for one camera geometry: the preview frame's size (what the check measures and the
 * screen shows) and the width of the stills the camera takes.
 */
export function faceTarget(frame: FrameShape, rules: FaceSizeRules, stillWidth?: number): FaceTarget {
  const frameAspect = frame.width / frame.height;
  // The least face box width the analysis needs: the still must have minStillPxPerMm on the face.
  const detail = stillWidth && rules.minStillPxPerMm > 0 ? (rules.minStillPxPerMm * IPD_MM) / stillWidth / IPD_SHARE_LOW : 0;
  const needed = Math.max(rules.minFaceRatio, detail);
  // The widest oval (share of the width) whose height fits the frame.
  const fits = (MAX_OVAL_HEIGHT * OVAL_ASPECT) / frameAspect;
  const width = Math.min(needed / FILL_LOW, fits);
  const limitedBy: TargetLimit = needed / FILL_LOW > fits ? 'frame' : detail > rules.minFaceRatio ? 'detail' : 'rule';
  const rx = width / 2;
  const ry = (rx * frameAspect) / OVAL_ASPECT;
  return {
    oval: { cx: 0.5, cy: CENTRE_Y, rx, ry },
    minFaceRatio: width * FILL_LOW,
    // Never "move back" for a face that fills the oval, whatever the configured greatest share.
    maxFaceRatio: Math.max(rules.maxFaceRatio, width * FILL_HIGH),
    maxOffsetX: rules.maxCentreOffset,
    maxOffsetY: rules.maxCentreOffset,
    limitedBy,
    detailReachable: detail <= width * FILL_LOW + 1e-9,
    frame: { width: frame.width, height: frame.height },
  };
}

/** The face box a head filling the oval shows, at `share` of the oval's width (FILL_LOW..FILL_HIGH), in frame pixels. */
export function faceBoxFillingOval(target: FaceTarget, frame: FrameShape, share: number): { left: number; top: number; width: number; height: number } {
  const width = 2 * target.oval.rx * share * frame.width;
  const height = width / FACE_BOX_ASPECT;
  return { left: target.oval.cx * frame.width - width / 2, top: target.oval.cy * frame.height - height / 2, width, height };
}
