// Draws the skin regions, or one dimension's annotations, over a face fixture, for reviewing by
// eye: npx tsx bench/vision-skin/render.ts <fixture> [width] [dimension ...]
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import { analyseView } from '../../vision/skin/analyse.ts';
import { skinRegions } from '../../vision/skin/regions/regions.ts';
import type { SkinAnnotation } from '../../vision/skin/types.ts';
import { FaceLandmarker } from '../../test/unit/vision-skin/helpers/face-landmarks.ts';
import { loadFixture, writePng } from '../../test/unit/vision-skin/helpers/images.ts';
import { circleSvg, colour, pathSvg, polygonSvg, svgDocument } from './svg.ts';
import { missingCase } from '../../common/missing-case.ts';

const [file = 'sample6-frontal.jpg', widthArg, ...dims] = process.argv.slice(2);
const out = `/tmp/skin-${file.replace(/\.\w+$/, '')}${dims.length ? '-' + dims.join('-') : ''}.png`;
const landmarker = await FaceLandmarker.create();
const image = await loadFixture(file, widthArg ? Number(widthArg) : undefined);
const face = await landmarker.detect(image);
await landmarker.release();
if (!face) throw new Error(`no face in ${file}`);
let body = '';
if (dims.length === 0) {
  const regions = skinRegions(face);
  body += polygonSvg(regions.face, '#ffffff', undefined, 1);
  Object.entries(regions.regions).forEach(([id, poly], k) => (body += polygonSvg(poly, colour(k), id)));
  Object.values(regions.exclusions).forEach((poly) => (body += polygonSvg(poly, '#000000')));
} else {
  const result = analyseView({ images: { white: image }, face, view: 'front' }, { dimensions: dims as DimensionId[], effectivePxPerMm: Infinity });
  dims.forEach((d, k) => {
    const r = result.dimensions[d as DimensionId];
    if (!r) return;
    console.log(d, 'level', r.level, 'score', r.score, 'findings', r.findings, JSON.stringify(r.details));
    for (const a of r.annotations) body += draw(a, colour(k));
  });
}
await writePng(image, out, svgDocument(image.width, image.height, body));
console.log(out);

function draw(a: SkinAnnotation, stroke: string): string {
  switch (a.kind) {
    case 'points':
      return a.points.map((p, i) => circleSvg(p, a.radii?.[i] ?? 3, stroke)).join('');
    case 'path':
      return a.paths.map((p) => pathSvg(p, stroke)).join('');
    case 'polygon':
      return a.polygons.map((p) => polygonSvg(p, stroke)).join('');
    case 'mask':
      return `<rect x="${a.box.left}" y="${a.box.top}" width="${a.box.width}" height="${a.box.height}" fill="none" stroke="${stroke}" stroke-dasharray="4"/>`;
    default:
      return missingCase(a, 'annotation');
  }
}
