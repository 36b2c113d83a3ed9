/**
 * Repeatability figures of the skin analysis (how far a score moves when the same face is
 * analysed again), and the noise band derived from them. The figures file is written by the
 * repeatability benchmark (`--write-figures`): per dimension the pooled within-face score SD,
 * plus whatever else the benchmark measures and its own metadata. It is a file read from disk,
 * so it is validated here (STYLE.md: validate at boundaries), tolerant of fields it does not use.
 */
import { z } from 'zod';
import { DIMENSION_IDS, type DimensionId } from '../../protocol/enums/dimensions.ts';

/** One dimension's figures: the score SD is what the band needs; the rest is kept for reading. */
export const dimensionRepeatabilitySchema = z.looseObject({
  /** Pooled within-face SD of the score (0..100 points) over repeated analyses of one face. */
  scoreSd: z.number().finite().min(0),
  /** Share of repeat pairs whose level differed; not used for the band. */
  levelChangeRate: z.number().min(0).max(1).optional(),
  /** Faces of the benchmark on which the dimension was measured (D-033); 0: no figure at all. */
  measuredFaces: z.number().int().min(0).optional(),
});
export type DimensionRepeatability = z.infer<typeof dimensionRepeatabilitySchema>;

/**
 * The figures file as `npm run bench:vision-real -- --write-figures` writes it: metadata (when,
 * by what, on which faces and perturbations) and a `dimensions` object of per-dimension figures,
 * tolerant of fields this reader does not use.
 */
export const repeatabilityFiguresSchema = z.looseObject({
  generated: z.string(),
  source: z.string(),
  faces: z.array(z.string()).optional(),
  perturbations: z.array(z.string()).optional(),
  dimensions: z.partialRecord(z.enum(DIMENSION_IDS), dimensionRepeatabilitySchema),
});

export interface RepeatabilityFigures {
  provenance: string;
  dimensions: Partial<Record<DimensionId, DimensionRepeatability>>;
}

/**
 * Parses a figures document; throws a ZodError naming the bad field. A dimension the benchmark
 * measured on no face has no figure: its SD of 0 says nothing about its noise.
 */
export function parseRepeatability(document: unknown): RepeatabilityFigures {
  const parsed = repeatabilityFiguresSchema.parse(document);
  const dimensions: Partial<Record<DimensionId, DimensionRepeatability>> = {};
  for (const id of DIMENSION_IDS) {
    const figures = parsed.dimensions[id];
    if (figures && figures.measuredFaces !== 0) dimensions[id] = figures;
  }
  const faces = parsed.faces ? `, ${parsed.faces.length} faces` : '';
  const perturbations = parsed.perturbations ? ` x ${parsed.perturbations.length} perturbations` : '';
  return { provenance: `${parsed.source}, ${parsed.generated}${faces}${perturbations}`, dimensions };
}

/**
 * The 95 % band of the difference of two sessions' scores: two independent measurements with
 * SD σ differ by σ·√2 in SD, 1.96 of which holds 95 % of repeat differences. Floored at 1 point
 * (an SD of zero on a few faces is not proof of none) and kept to 0.1 point, the precision the
 * chart prints.
 */
export function bandOfSd(scoreSd: number): number {
  return Math.max(1, Math.round(1.96 * Math.SQRT2 * scoreSd * 10) / 10);
}

/** Per dimension with figures, its band; dimensions without figures are left out (no band). */
export function noiseBands(figures: RepeatabilityFigures): Partial<Record<DimensionId, number>> {
  const bands: Partial<Record<DimensionId, number>> = {};
  for (const id of DIMENSION_IDS) {
    const f = figures.dimensions[id];
    if (f) bands[id] = bandOfSd(f.scoreSd);
  }
  return bands;
}
