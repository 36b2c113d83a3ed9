import type { SessionView } from '../../main/kiosk-api/types.ts';

interface Props {
  face: SessionView['face'];
  ok: boolean;
  previousOutline: SessionView['previousOutline'];
  outlineMatches: boolean | null;
}

/** Where the face should be: an oval a little above the centre (eyes on the upper third). */
export const GUIDE = { cx: 0.5, cy: 0.47, rx: 0.2, ry: 0.34 } as const;

/**
 * Overlay in normalised camera-image coordinates (0..1 both ways; the SVG is stretched to the
 * picture, strokes keep their width). Shows the target oval with the surroundings dimmed, the
 * live face box from main's check, and on a repeat visit the previous session's outline, dashed,
 * amber while the pose does not match it.
 */
export function FaceGuide({ face, ok, previousOutline, outlineMatches }: Props) {
  const { cx, cy, rx, ry } = GUIDE;
  // Dim everything outside the oval: an even-odd path of the frame with the ellipse cut out.
  const ellipse = `M ${cx - rx} ${cy} a ${rx} ${ry} 0 1 0 ${2 * rx} 0 a ${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
  return (
    <svg className="face-guide" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true" data-testid="face-guide" data-ok={ok}>
      <path d={`M0 0H1V1H0Z ${ellipse}`} fillRule="evenodd" className="guide-dim" />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} className={ok ? 'guide-oval is-ok' : 'guide-oval'} vectorEffect="non-scaling-stroke" />
      {previousOutline && previousOutline.length > 2 && (
        <polygon
          points={previousOutline.map(([x, y]) => `${x},${y}`).join(' ')}
          className={outlineMatches === false ? 'guide-outline is-off' : 'guide-outline'}
          vectorEffect="non-scaling-stroke"
          data-testid="previous-outline"
        />
      )}
      {face && (
        <rect
          x={face.left}
          y={face.top}
          width={face.width}
          height={face.height}
          rx={0.02}
          className={ok ? 'guide-face is-ok' : 'guide-face'}
          vectorEffect="non-scaling-stroke"
        />
      )}
    </svg>
  );
}
