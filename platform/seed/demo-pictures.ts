/**
 * Pictures of the demo catalogue (docs/decisions.md, "Demo catalogue pictures"): drawn, not
 * photographed, so they ship as code. Each item gets a picture of its kind (a bottle, a jar, a
 * tube; a treatment room's lamp for treatments) in colours taken from its number, rendered to
 * PNG by sharp when first asked for and served at DEMO_PICTURE_PATH (demo-catalogue.ts) by the platform itself
 * (routes/demo-picture-routes.ts). No text is drawn: the picture must not depend on the fonts of
 * the machine that renders it.
 */
import { createHash } from 'node:crypto';
import type { CategoryId } from '../../protocol/enums/categories.ts';
import { DEMO_CATALOGUES, demoPictureFile } from './demo-catalogue.ts';

export const DEMO_PICTURE_SIZE = 320;

type Shape = 'bottle' | 'pump' | 'dropper' | 'jar' | 'tube' | 'tin' | 'set' | 'mask' | 'treatment';

const SHAPES: Readonly<Record<CategoryId, Shape>> = { 1: 'bottle', 2: 'pump', 3: 'dropper', 4: 'jar', 5: 'tube', 6: 'tube', 7: 'tube', 8: 'tin', 9: 'set', 10: 'mask' };

/** Every demo item's picture by file name (the first merchant that uses a number decides it). */
const PICTURES: ReadonlyMap<string, { readonly shape: Shape; readonly customId: string }> = (() => {
  const out = new Map<string, { shape: Shape; customId: string }>();
  for (const catalogue of Object.values(DEMO_CATALOGUES)) {
    for (const item of catalogue.products) {
      const file = demoPictureFile(item.custom_id);
      if (!out.has(file)) out.set(file, { shape: item.category_id ? SHAPES[item.category_id] : 'bottle', customId: item.custom_id });
    }
    for (const item of catalogue.treatments) {
      const file = demoPictureFile(item.custom_id);
      if (!out.has(file)) out.set(file, { shape: 'treatment', customId: item.custom_id });
    }
  }
  return out;
})();

const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#f3e6da', '#c98b6b', '#7a4b35'],
  ['#e3efee', '#4f9a94', '#23585a'],
  ['#f4e4ea', '#c7708a', '#7d2f4a'],
  ['#ece8f5', '#8b79c2', '#4b3c86'],
  ['#fbf0d9', '#d8a23e', '#7f5a14'],
  ['#e4ecf6', '#5f8cc8', '#2d4f80'],
];

function palette(customId: string): readonly [string, string, string] {
  const byte = createHash('sha256').update(customId).digest()[0] ?? 0;
  return PALETTES[byte % PALETTES.length] ?? PALETTES[0]!;
}

function body(shape: Shape, main: string, dark: string): string {
  const cap = `fill="${dark}"`;
  const fill = `fill="${main}"`;
  const shine = 'fill="#ffffff" opacity="0.35"';
  switch (shape) {
    case 'bottle':
      return `<rect x="130" y="40" width="60" height="46" rx="8" ${cap}/><rect x="100" y="84" width="120" height="196" rx="26" ${fill}/><rect x="118" y="110" width="16" height="140" rx="8" ${shine}/><rect x="120" y="170" width="80" height="54" rx="8" fill="#ffffff" opacity="0.8"/>`;
    case 'pump':
      return `<path d="M150 30h52v14h-36v22h-16z" ${cap}/><rect x="138" y="64" width="44" height="34" rx="6" ${cap}/><rect x="104" y="96" width="112" height="184" rx="30" ${fill}/><rect x="120" y="122" width="16" height="130" rx="8" ${shine}/><rect x="124" y="176" width="72" height="50" rx="8" fill="#ffffff" opacity="0.8"/>`;
    case 'dropper':
      return `<ellipse cx="160" cy="52" rx="22" ry="26" ${cap}/><rect x="144" y="70" width="32" height="40" rx="6" ${cap}/><rect x="112" y="108" width="96" height="172" rx="22" ${fill}/><rect x="126" y="130" width="14" height="120" rx="7" ${shine}/><rect x="128" y="186" width="64" height="46" rx="8" fill="#ffffff" opacity="0.8"/>`;
    case 'jar':
      return `<rect x="78" y="128" width="164" height="44" rx="12" ${cap}/><rect x="84" y="168" width="152" height="104" rx="24" ${fill}/><rect x="100" y="184" width="16" height="70" rx="8" ${shine}/><rect x="130" y="196" width="90" height="46" rx="8" fill="#ffffff" opacity="0.8"/>`;
    case 'tube':
      return `<path d="M112 56h96l-14 200h-68z" ${fill}/><rect x="130" y="254" width="60" height="34" rx="6" ${cap}/><rect x="104" y="40" width="112" height="20" rx="4" ${cap}/><path d="M126 80h14l-8 150h-10z" ${shine}/><rect x="138" y="130" width="46" height="70" rx="6" fill="#ffffff" opacity="0.8"/>`;
    case 'tin':
      return `<ellipse cx="160" cy="190" rx="104" ry="70" ${cap}/><ellipse cx="160" cy="176" rx="104" ry="70" ${fill}/>${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${112 + (i % 3) * 48}" cy="${156 + Math.floor(i / 3) * 42}" r="16" fill="#ffffff" opacity="0.85"/>`).join('')}`;
    case 'set':
      return `<rect x="60" y="110" width="64" height="160" rx="18" ${fill}/><rect x="78" y="80" width="28" height="32" rx="5" ${cap}/><rect x="136" y="150" width="110" height="44" rx="10" ${cap}/><rect x="140" y="190" width="102" height="80" rx="20" ${fill}/><rect x="250" y="126" width="34" height="144" rx="12" ${fill}/><rect x="256" y="104" width="22" height="24" rx="4" ${cap}/><rect x="70" y="130" width="10" height="110" rx="5" ${shine}/>`;
    case 'mask':
      return `<path d="M88 60h144l10 220H78z" ${fill}/><path d="M78 60h164v22H78z" ${cap}/><ellipse cx="160" cy="178" rx="50" ry="64" fill="#ffffff" opacity="0.85"/><ellipse cx="140" cy="164" rx="9" ry="6" ${fill}/><ellipse cx="180" cy="164" rx="9" ry="6" ${fill}/><path d="M144 206q16 10 32 0" stroke="${main}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'treatment':
      return `<path d="M160 40c-44 0-74 34-74 70h148c0-36-30-70-74-70z" ${cap}/><rect x="152" y="108" width="16" height="40" ${cap}/><path d="M112 150l-40 66M160 150v78M208 150l40 66" stroke="${main}" stroke-width="10" stroke-linecap="round" opacity="0.7"/><rect x="56" y="238" width="208" height="40" rx="20" ${fill}/><circle cx="160" cy="126" r="18" fill="#ffffff" opacity="0.9"/>`;
  }
}

export function demoPictureSvg(file: string): string | null {
  const entry = PICTURES.get(file);
  if (!entry) return null;
  const [soft, main, dark] = palette(entry.customId);
  const s = DEMO_PICTURE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 320 320">
<defs><radialGradient id="g" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${soft}"/></radialGradient></defs>
<rect width="320" height="320" fill="url(#g)"/><ellipse cx="160" cy="290" rx="110" ry="14" fill="#000000" opacity="0.08"/>
${body(entry.shape, main, dark)}
</svg>`;
}

const rendered = new Map<string, Promise<Buffer | null>>();

/** The PNG of a demo picture, rendered once per file; null for a file that is no demo item's. */
export function demoPicturePng(file: string): Promise<Buffer | null> {
  let found = rendered.get(file);
  if (!found) {
    const svg = demoPictureSvg(file);
    // sharp (libvips) is loaded on the first picture asked for, not at start: it is most of the
    // start-up time of a platform that never serves one (D-053, cold start).
    found = svg === null ? Promise.resolve(null) : import('sharp').then(({ default: sharp }) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
    rendered.set(file, found);
  }
  return found;
}
