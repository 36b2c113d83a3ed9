/**
 * Visibility of the specification's face regions (faceVisibility): for each region, the share of
 * its landmarks inside the frame times how squarely the region faces the camera, from its surface
 * normal rotated by the fitted head pose. It does not see occlusion by hands, hair or a mask: the
 * mesh is predicted through them (docs/vision-face.md, "Visibility").
 */
import type { RgbImage } from '../types.ts';
import { VISIBILITY_REGIONS } from './landmark-indices.ts';
import type { VisibilityRegion } from './landmark-indices.ts';
import { rotateDirection } from './pose.ts';

export type Visibility = Readonly<Record<VisibilityRegion, number>>;

/** A region whose normal points towards the camera by at least this cosine counts as fully facing it. */
export const FACING_FULL = 0.3;

export function regionVisibility(image: Pick<RgbImage, 'width' | 'height'>, landmarks: Float32Array, rotation: readonly number[]): Visibility {
  const out = {} as Record<VisibilityRegion, number>;
  for (const [name, region] of Object.entries(VISIBILITY_REGIONS) as [VisibilityRegion, (typeof VISIBILITY_REGIONS)[VisibilityRegion]][]) {
    let inside = 0;
    for (const i of region.indices) {
      const x = landmarks[3 * i]!;
      const y = landmarks[3 * i + 1]!;
      if (x >= 0 && y >= 0 && x <= image.width && y <= image.height) inside++;
    }
    const facing = rotateDirection(rotation, region.normal)[2];
    out[name] = (inside / region.indices.length) * Math.min(1, Math.max(0, facing / FACING_FULL));
  }
  return out;
}
