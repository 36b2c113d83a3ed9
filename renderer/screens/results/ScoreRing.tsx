import { formatScore } from '../../lib/format.ts';
import { scoreClass } from './tone.ts';

interface Props {
  score: number | null;
  size?: number;
  label: string;
  sublabel: string;
}

/** The score as a ring filled to score/100: the number is the measured one, unscaled. */
export function ScoreRing({ score, size = 220, label, sublabel }: Props) {
  const r = 42;
  const circumference = 2 * Math.PI * r;
  const fill = score === null ? 0 : Math.min(100, Math.max(0, score)) / 100;
  return (
    <figure className="ring" style={{ inlineSize: size, blockSize: size }} data-testid="overall-score" data-score={score ?? ''}>
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle cx="50" cy="50" r={r} className="ring-track" />
        <circle cx="50" cy="50" r={r} className={`ring-fill ${scoreClass(score)}`} strokeDasharray={`${circumference * fill} ${circumference}`} transform="rotate(-90 50 50)" />
      </svg>
      <figcaption>
        <span className="ring-label">{label}</span>
        <span className="ring-score">{formatScore(score)}</span>
        <span className="ring-sub">{sublabel}</span>
      </figcaption>
    </figure>
  );
}
