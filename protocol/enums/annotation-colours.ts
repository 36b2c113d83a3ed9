import { DIMENSION_IDS, type DimensionId } from './dimensions.ts';

/**
 * The colour a dimension's marks are drawn in on its annotation image (platform) and shown in the
 * image's legend (kiosk): one definition, so the legend's swatch is the colour on the photo
 * (D-069). Hues 47° apart in the table's order keep neighbouring dimensions distinct.
 */
export function annotationColour(dimension: DimensionId): string {
  const hue = (DIMENSION_IDS.indexOf(dimension) * 47) % 360;
  return `hsl(${hue}, 90%, 55%)`;
}
