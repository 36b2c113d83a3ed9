/**
 * MediaPipe FaceMesh (468-point canonical mesh) indices the skin regions are built from.
 * "Left" and "right" are the subject's, as in MediaPipe (the subject's left eye is 263..., on the
 * image's right in an unmirrored frontal photo). The lists are polygons in drawing order.
 */

/** Face silhouette, clockwise from the top of the forehead (10). */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

/** The jaw part of the silhouette, right ear to left ear through the chin (152). */
export const JAW_RIGHT = [132, 58, 172, 136, 150, 149, 176, 148, 152] as const;
export const JAW_LEFT = [361, 288, 397, 365, 379, 378, 400, 377, 152] as const;

/** Top of the silhouette (forehead's upper edge as far as the mesh reaches). */
export const FOREHEAD_TOP = [54, 103, 67, 109, 10, 338, 297, 332, 284] as const;
/** Upper edges of the brows, right brow's outer end to left brow's outer end. */
export const BROW_TOPS = [70, 63, 105, 66, 107, 9, 336, 296, 334, 293, 300] as const;

export const BROW_RIGHT = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46] as const;
export const BROW_LEFT = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276] as const;

/** Eye openings grown by the first ring of the mesh around the lids (so lashes are excluded too). */
export const EYE_RIGHT = [130, 247, 30, 29, 27, 28, 56, 190, 243, 112, 26, 22, 23, 24, 110, 25] as const;
export const EYE_LEFT = [359, 467, 260, 259, 257, 258, 286, 414, 463, 341, 256, 252, 253, 254, 339, 255] as const;

/** Lower lids, outer to inner corner. */
export const LOWER_LID_RIGHT = [33, 7, 163, 144, 145, 153, 154, 155, 133] as const;
export const LOWER_LID_LEFT = [263, 249, 390, 373, 374, 380, 381, 382, 362] as const;
/** Upper lids, outer to inner corner. */
export const UPPER_LID_RIGHT = [33, 246, 161, 160, 159, 158, 157, 173, 133] as const;
export const UPPER_LID_LEFT = [263, 466, 388, 387, 386, 385, 384, 398, 362] as const;

/** Rings of the mesh below the eyes, outer to inner: ring 1 hugs the lid, ring 3 is the cheek's top. */
export const UNDER_EYE_RING1_RIGHT = [130, 25, 110, 24, 23, 22, 26, 112, 243] as const;
export const UNDER_EYE_RING3_RIGHT = [143, 111, 117, 118, 119, 120, 121, 128, 245] as const;
export const UNDER_EYE_RING1_LEFT = [359, 255, 339, 254, 253, 252, 256, 341, 463] as const;
export const UNDER_EYE_RING3_LEFT = [372, 340, 346, 347, 348, 349, 350, 357, 465] as const;

/** Outer lip contour. */
export const LIPS = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185] as const;

/** Nose from the bridge (168) round the alae to the columella base (2). */
export const NOSE = [168, 417, 351, 419, 456, 420, 429, 358, 327, 326, 2, 97, 98, 129, 209, 198, 236, 196, 122, 193] as const;
/** Nostrils: below the line from ala to ala through the tip (1). */
export const NOSTRILS = [129, 64, 98, 97, 2, 326, 327, 294, 358, 1] as const;

/** Cheeks: below ring 3, lateral of the nose, above the nasolabial fold, inside the silhouette. */
export const CHEEK_RIGHT = [116, 117, 118, 119, 100, 47, 126, 142, 36, 203, 206, 207, 187, 147, 123] as const;
export const CHEEK_LEFT = [345, 346, 347, 348, 329, 277, 355, 371, 266, 423, 426, 427, 411, 376, 352] as const;

/** Chin: under the lower lip to the bottom of the silhouette. */
export const CHIN = [204, 106, 182, 83, 18, 313, 406, 335, 424, 378, 400, 377, 152, 148, 176, 149] as const;

/** Single landmarks the geometric regions hang from. */
export const POINT = {
  outerCanthusRight: 33,
  innerCanthusRight: 133,
  outerCanthusLeft: 263,
  innerCanthusLeft: 362,
  alaRight: 129,
  alaLeft: 358,
  mouthCornerRight: 61,
  mouthCornerLeft: 291,
  /** The inner lips at the centre (upper, lower). */
  innerLipUpper: 13,
  innerLipLower: 14,
  noseTip: 1,
  chin: 152,
  foreheadTop: 10,
  cheekApexRight: 50,
  cheekApexLeft: 280,
  cheekLowRight: 207,
  cheekLowLeft: 427,
  zygomaRight: 234,
  zygomaLeft: 454,
  jawAngleRight: 172,
  jawAngleLeft: 397,
  browInnerRight: 107,
  browInnerLeft: 336,
  browPeakRight: 105,
  browPeakLeft: 334,
} as const;
