/**
 * One plain-language sentence per dimension for the results screen (issue 8 shows it under the
 * level): what was measured and what a poorer level means. Every language code has its own
 * table (dimension-explanations/), worded with that language's dimension name so the name above
 * and the sentence below agree (decision K-UI-005).
 */
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import { DIMENSION_EXPLANATIONS } from './dimension-explanations/index.ts';

export function dimensionExplanation(dimension: DimensionId, lang: LanguageCode): string {
  return DIMENSION_EXPLANATIONS[lang][dimension];
}
