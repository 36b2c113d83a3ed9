/**
 * The colour scale of results (issue 16 item 10: a level's badge and its bar agree). A measured
 * dimension is coloured by its level only, wherever it appears (badge, score bar, a
 * recommendation's "why" line); the raw score sets how far a bar fills, never its colour. The
 * overall score has no level, so the ring alone is coloured by score. Words (the level name)
 * carry the meaning too, never colour alone.
 */
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import { levelTone, type Tone } from '../../../protocol/enums/concerns.ts';

// The tone rule is shared with the platform's phone page (D-070).
export { levelTone, type Tone };

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
