import type { SessionView } from '../../main/kiosk-api/types.ts';

interface Props {
  /** Main's oval (D-060): the geometry the size and centre rules judge by; nothing drawn before the first check. */
  target: SessionView['target'];
  face: SessionView['face'];
  ok: boolean;
  previousOutline: SessionView['previousOutline'];
  outlineMatches: boolean | null;
}

/**
 * Overlay in normalised camera-image coordinates (0..1 both ways; the SVG is stretched to the
 * picture, strokes keep their width). Shows the target oval with the surroundings dimmed, the
 * live face box from main's check, and on a repeat visit the previous session's outline, dashed,
 * amber while the pose does not match it.
 */
export function FaceGuide({ target, face, ok, previousOutline, outlineMatches }: Props) {
  return (
    <svg className="face-guide" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true" data-testid="face-guide" data-ok={ok}>
      {target && <Oval target={target} ok={ok} />}
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

/** The oval with everything outside it dimmed: an even-odd path of the frame with the ellipse cut out. */
function Oval({ target, ok }: { target: NonNullable<SessionView['target']>; ok: boolean }) {
  const { cx, cy, rx, ry } = target;
  const ellipse = `M ${cx - rx} ${cy} a ${rx} ${ry} 0 1 0 ${2 * rx} 0 a ${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
  return (
    <>
      <path d={`M0 0H1V1H0Z ${ellipse}`} fillRule="evenodd" className="guide-dim" />
      <ellipse cx={cx} cy={cy} rx={rx} ry={ry} className={ok ? 'guide-oval is-ok' : 'guide-oval'} vectorEffect="non-scaling-stroke" data-testid="guide-oval" />
    </>
  );
}
