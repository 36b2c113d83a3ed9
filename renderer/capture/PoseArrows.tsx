import type { SessionView } from '../../main/kiosk-api/types.ts';

type Issue = NonNullable<SessionView['guidance']>['issues'][number];

/**
 * Big arrows at the edge of the mirrored preview. Directions are the customer's own (main's
 * guidance: turn_left = "turn your head to your left"); in a mirrored picture the customer's
 * left is the screen's left, so the arrow points there. Physical sides: this block is always
 * laid out left-to-right, also in Arabic, because it points at the world, not at text.
 */
const ARROWS: Partial<Record<Issue, { side: 'left' | 'right' | 'top' | 'bottom'; glyph: string }>> = {
  turn_left: { side: 'left', glyph: '←' },
  turn_right: { side: 'right', glyph: '→' },
  tilt_up: { side: 'top', glyph: '↑' },
  tilt_down: { side: 'bottom', glyph: '↓' },
};

export function PoseArrows({ issues }: { issues: readonly Issue[] }) {
  const shown = issues.map((i) => [i, ARROWS[i]] as const).filter((e): e is [Issue, NonNullable<(typeof ARROWS)[Issue]>] => e[1] !== undefined);
  return (
    <div className="pose-arrows" dir="ltr" aria-hidden="true">
      {shown.map(([issue, arrow]) => (
        <span key={issue} className={`pose-arrow pose-${arrow.side}`} data-arrow={issue}>
          {arrow.glyph}
        </span>
      ))}
    </div>
  );
}
