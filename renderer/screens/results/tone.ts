/**
 * The colour scale of results (issue 16 item 10: a level's badge and its bar agree). A measured
 * dimension is coloured by its level only, wherever it appears (badge, score bar, a
 * recommendation's "why" line); the raw score sets how far a bar fills, never its colour. The
 * overall score has no level, so the ring alone is coloured by score. Words (the level name)
 * carry the meaning too, never colour alone.
 */
import { DIMENSIONS, type DimensionId } from '../../../protocol/enums/dimensions.ts';

export type Tone = 'good' | 'fair' | 'attention' | 'none';

/**
 * A level's tone: every level table of the specification runs from best to worst, so the
 * level's position in its table is its severity.
 */
export function levelTone(dimension: DimensionId, level: number): Tone {
  const levels = DIMENSIONS[dimension].levels;
  const index = levels.findIndex((l) => l.id === level);
  if (index < 0 || levels.length < 2) return 'none';
  const severity = index / (levels.length - 1);
  if (severity <= 0.34) return 'good';
  if (severity <= 0.67) return 'fair';
  return 'attention';
}

export function levelClass(dimension: DimensionId, level: number): string {
  return `tone-${levelTone(dimension, level)}`;
}

/** The overall score's tone (it has no level). */
export function scoreClass(score: number | null): string {
  if (score === null) return 'tone-none';
  if (score >= 75) return 'tone-good';
  if (score >= 50) return 'tone-fair';
  return 'tone-attention';
}
