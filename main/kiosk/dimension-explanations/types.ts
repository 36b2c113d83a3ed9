import type { DimensionId } from '../../../protocol/enums/dimensions.ts';

/**
 * One language's sentence per dimension for the results screen (shown under the level). Each
 * module beside this file holds one language; `index.ts` maps every language code to one.
 */
export type DimensionExplanations = Readonly<Record<DimensionId, string>>;
