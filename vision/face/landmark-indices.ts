/**
 * Named FaceMesh landmark indices (MediaPipe's canonical face mesh numbering, the same as human's
 * src/face/facemeshcoords.ts). "left" and "right" are the subject's own: the subject's left eye
 * is on the image right in an unmirrored photo (MediaPipe's convention, and the one the
 * specification's faceVisibility and faceEyeState keys are read with here).
 */

/** Outer eye corners, image left first in an unmirrored frontal photo (subject's right eye, then left). */
export const EYE_OUTER = [33, 263] as const;

/**
 * Eye aspect ratio points per eye: corner, upper, upper, corner, lower, lower (Soukupova and
 * Cech's p1..p6), so EAR = (|p2-p6| + |p3-p5|) / (2 |p1-p4|).
 */
export const EAR_POINTS = {
  right: [33, 160, 158, 133, 153, 144],
  left: [362, 385, 387, 263, 373, 380],
} as const;

/** Eye contour (upper and lower lid line) per eye, for the eye region of the glasses cues. */
export const EYE_CONTOUR = {
  right: [246, 161, 160, 159, 158, 157, 173, 33, 7, 163, 144, 145, 153, 154, 155, 133],
  left: [466, 388, 387, 386, 385, 384, 398, 263, 249, 390, 373, 374, 380, 381, 382, 362],
} as const;

/** Points of the face where a glasses bridge sits (between the inner eye corners, on the nose). */
export const NOSE_BRIDGE = [168, 6, 197] as const;

/** Upper cheek under each eye, where the lower rim of a glasses frame crosses. */
export const UNDER_EYE = {
  right: [111, 117, 118, 119, 120, 121],
  left: [340, 346, 347, 348, 349, 350],
} as const;

/** Left/right cheek skin probes for the reference skin brightness of the glasses cues. */
export const CHEEK = { right: 205, left: 425 } as const;

export type VisibilityRegion = 'jaw' | 'leftcheek' | 'lefteye' | 'lefteyebrow' | 'mouse' | 'nose' | 'rightcheek' | 'righteye' | 'righteyebrow';

/**
 * The specification's faceVisibility regions ("mouse" is its spelling of mouth): landmark
 * indices, and the outward surface normal of the region in the canonical model's frame (x to the
 * subject's left, y up, z towards the camera), taken as the direction from a head centre at
 * (0, 0.5, -3) cm to the region's centroid. A region faces away from the camera once its rotated
 * normal has no component towards the camera.
 */
export const VISIBILITY_REGIONS: Readonly<Record<VisibilityRegion, { readonly indices: readonly number[]; readonly normal: readonly [number, number, number] }>> = {
  jaw: { indices: [132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361], normal: [0, -0.87, 0.49] },
  leftcheek: { indices: [425, 411, 427, 436, 280, 346, 347, 330, 266, 352, 376, 401, 423, 426], normal: [0.56, -0.23, 0.79] },
  lefteye: { indices: EYE_CONTOUR.left, normal: [0.41, 0.28, 0.87] },
  lefteyebrow: { indices: [383, 300, 293, 334, 296, 336, 285, 417, 265, 353, 276, 283, 282, 295], normal: [0.45, 0.41, 0.79] },
  mouse: { indices: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 185, 40, 39, 37, 0, 267, 269, 270, 409], normal: [0, -0.51, 0.86] },
  nose: { indices: [1, 2, 4, 5, 6, 19, 94, 98, 327, 168, 197, 195, 129, 358, 64, 294], normal: [0, -0.1, 1] },
  rightcheek: { indices: [205, 187, 207, 216, 50, 117, 118, 101, 36, 123, 147, 177, 203, 206], normal: [-0.56, -0.23, 0.79] },
  righteye: { indices: EYE_CONTOUR.right, normal: [-0.41, 0.28, 0.87] },
  righteyebrow: { indices: [156, 70, 63, 105, 66, 107, 55, 193, 35, 124, 46, 53, 52, 65], normal: [-0.45, 0.41, 0.79] },
};
