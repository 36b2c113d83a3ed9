import type { AnnotationMarkKind, AnnotationMarks } from '../../protocol/skin-api/task-result.ts';
import type { Feature } from '../../vision/skin/index.ts';

/**
 * What a dimension's annotation file marks, per kind of finding (D-069): how many, and their
 * summed size in millimetres on the face. Spots carry their radius in source-image pixels
 * (vision/skin/analyser.ts spotFeature), so their area needs the source scale; lines and areas
 * carry millimetres already. An area the analyser did not measure is written 0 by it (the dark
 * circles' under-eye outlines): when no area of a kind has a size, the size is left out rather
 * than shown as 0 mm².
 */
export function annotationMarks(features: readonly Feature[], sourcePxPerMm: number): AnnotationMarks[] {
  const marks: AnnotationMarks[] = [];
  const spots = features.filter((f) => f.kind === 'spot');
  if (spots.length > 0) {
    const area = sourcePxPerMm > 0 ? spots.reduce((sum, s) => sum + Math.PI * (s.radius / sourcePxPerMm) ** 2, 0) : null;
    marks.push(mark('spot', spots.length, area === null ? {} : { area_mm2: round1(area) }));
  }
  const lines = features.filter((f) => f.kind === 'line');
  if (lines.length > 0) marks.push(mark('line', lines.length, { length_mm: round1(lines.reduce((sum, l) => sum + l.lengthMm, 0)) }));
  const areas = features.filter((f) => f.kind === 'area');
  if (areas.length > 0) {
    const sized = areas.some((a) => a.areaMm2 > 0);
    marks.push(mark('area', areas.length, sized ? { area_mm2: round1(areas.reduce((sum, a) => sum + a.areaMm2, 0)) } : {}));
  }
  return marks;
}

function mark(kind: AnnotationMarkKind, count: number, size: Pick<AnnotationMarks, 'area_mm2' | 'length_mm'>): AnnotationMarks {
  return { kind, count, ...size };
}

/** One decimal: the scale behind these sizes is an estimate, more digits would claim otherwise. */
function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
