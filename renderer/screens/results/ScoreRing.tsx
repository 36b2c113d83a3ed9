import { DIMENSIONS, type DimensionId } from '../../../protocol/enums/dimensions.ts';
import { formatScore } from '../../lib/format.ts';

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

/**
 * Colour band of a level: every level table of the specification runs from best to worst, so
 * the level's position in its table is its severity. Words (the level name) carry the meaning
 * too, never colour alone.
 */
export function levelClass(dimension: DimensionId, level: number): string {
  const levels = DIMENSIONS[dimension].levels;
  const index = levels.findIndex((l) => l.id === level);
  if (index < 0 || levels.length < 2) return 'tone-none';
  const severity = index / (levels.length - 1);
  if (severity <= 0.34) return 'tone-good';
  if (severity <= 0.67) return 'tone-fair';
  return 'tone-attention';
}

/** Colour band of a score; words carry the meaning too (level names), never colour alone. */
export function scoreClass(score: number | null): string {
  if (score === null) return 'tone-none';
  if (score >= 75) return 'tone-good';
  if (score >= 50) return 'tone-fair';
  return 'tone-attention';
}
