/**
 * Products and treatments for a report (issue 7, part 5; docs/kiosk-sync.md, "Recommendations").
 * One rule for the kiosk's results screen and the platform's phone page (D-076), so the routine a
 * customer reads at home is chosen as at the counter; runtime-free for that reason.
 * An item is recommended when its `problem` field names a dimension at the level the report
 * found. Only active items; items with an age range only for customers whose age is known and
 * inside it; only what this store sells (the catalogue cache holds the store reads, which the
 * platform filters by sale_stores), with the store's own link where it has one. Pure: catalogue,
 * findings and the customer in, a ranked, explained list out.
 */
import type { DimensionId } from '../enums/dimensions.ts';
import { DIMENSIONS, dimensionName, isDimensionId, levelName, parseLevelId } from '../enums/dimensions.ts';
import type { LanguageCode } from '../enums/languages.ts';
import type { ProductItem, StoreTreatmentItem } from './catalogue-items.ts';

/** A finding with its dimension and level named in the customer's language. */
export interface NamedFinding {
  readonly dimension: DimensionId;
  readonly name: string;
  readonly level: number;
  readonly levelName: string;
}

/** One recommended item, named in the customer's language (the kiosk's report adds its stored picture). */
export interface Recommendation {
  readonly kind: 'product' | 'treatment';
  readonly customId: string;
  readonly name: string;
  readonly subTitle: string;
  /** The merchant's picture address. */
  readonly pic: string;
  readonly price: number;
  readonly priceUnit: number;
  readonly priceSymbol: string;
  /** The findings this item answers, most serious first. */
  readonly answers: NamedFinding[];
  /** Why it is recommended: the first of `answers`, with the measured score ("For: dark spots — Moderate"). */
  readonly why: NamedFinding & { readonly score: number };
  /** The store's own link where it has one, else the item's. */
  readonly link: string;
  /** 1-based place among the items of its kind. */
  readonly rank: number;
}

export interface Finding {
  readonly dimension: DimensionId;
  readonly level: number;
  /** 0 (worst) .. 100 (best), as analysed. */
  readonly score: number;
}

export interface RecommendInput {
  readonly findings: readonly Finding[];
  readonly products: readonly ProductItem[];
  readonly treatments: readonly StoreTreatmentItem[];
  /** YYYY-MM-DD or '' when unknown. */
  readonly birthday: string;
  /** The day the age is computed for (the report's day), YYYY-MM-DD. */
  readonly today: string;
  readonly lang: LanguageCode;
  /** At most this many of each kind. Default 8. */
  readonly maxPerKind?: number;
}

type Item = ProductItem | StoreTreatmentItem;

export function recommend(input: RecommendInput): Recommendation[] {
  const age = ageOn(input.birthday, input.today);
  const byDimension = new Map(input.findings.map((f) => [f.dimension, f]));
  const rank = (kind: Recommendation['kind'], items: readonly Item[]) =>
    items
      .flatMap((item) => {
        if (item.status !== 1 || !ageAllowed(item, age)) return [];
        const answers = answered(item, byDimension);
        return answers.length > 0 ? [{ item, answers, weight: answers.reduce((sum, a) => sum + severity(a), 0) }] : [];
      })
      // Most serious findings answered first; then essential (1) before complementary (2) care; then price.
      .sort((a, b) => b.weight - a.weight || (a.item.nurse_stage ?? 2) - (b.item.nurse_stage ?? 2) || a.item.price - b.item.price || a.item.custom_id.localeCompare(b.item.custom_id))
      .slice(0, input.maxPerKind ?? 8)
      .map((entry, index): Recommendation => ({
        kind,
        customId: entry.item.custom_id,
        name: text(entry.item, 'name', input.lang),
        subTitle: text(entry.item, 'sub_title', input.lang),
        pic: entry.item.pic,
        price: entry.item.price,
        priceUnit: entry.item.price_unit,
        priceSymbol: entry.item.price_symbol,
        answers: entry.answers.map((f) => named(f, input.lang)),
        // An item is only listed when it answers a finding, so the first (most serious) is there.
        why: { ...named(entry.answers[0]!, input.lang), score: entry.answers[0]!.score },
        link: entry.item.store_link || entry.item.link,
        rank: index + 1,
      }));
  return [...rank('product', input.products), ...rank('treatment', input.treatments)];
}

/** A finding with its dimension and level named in the customer's language. */
function named(f: Finding, lang: LanguageCode): NamedFinding {
  return { dimension: f.dimension, name: dimensionName(f.dimension, lang), level: f.level, levelName: levelName(f.dimension, f.level, lang) ?? String(f.level) };
}

/** The findings an item's problem field names at the found level, most serious first. */
function answered(item: Item, findings: ReadonlyMap<DimensionId, Finding>): Finding[] {
  const out: Finding[] = [];
  for (const [dimension, levels] of Object.entries(item.problem)) {
    if (!isDimensionId(dimension)) continue;
    const finding = findings.get(dimension);
    if (finding && levels.some((l) => parseLevelId(l) === finding.level)) out.push(finding);
  }
  return out.sort((a, b) => severity(b) - severity(a) || a.dimension.localeCompare(b.dimension));
}

/**
 * How much a finding weighs, 0..1: its place in the dimension's level table (levels run from
 * best to worst in every table), blended with the analysed score so two findings at the same
 * level still order by how bad they measured.
 */
export function severity(finding: Finding): number {
  const levels = DIMENSIONS[finding.dimension].levels;
  const index = levels.findIndex((l) => l.id === finding.level);
  const place = levels.length > 1 && index >= 0 ? index / (levels.length - 1) : 0;
  return 0.7 * place + 0.3 * (1 - Math.min(100, Math.max(0, finding.score)) / 100);
}

/** decision: an item limited to an age range is only recommended when the customer's age is known and inside it. */
function ageAllowed(item: Item, age: number | null): boolean {
  if (item.age_limit !== 1) return true;
  return age !== null && age >= item.min_age && age <= item.max_age;
}

export function ageOn(birthday: string, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 && age <= 150 ? age : null;
}

/** The item's text in the language: its lang_data entry (Traditional Chinese falls back to Simplified), else the default language. */
function text(item: Item, field: 'name' | 'sub_title', lang: LanguageCode): string {
  const chain: string[] = [lang, ...(lang === 'zh-Hant' || lang === 'zh-Hant-HK' ? ['zh-Hans'] : [])];
  for (const code of chain) {
    const value = item.lang_data[code]?.[field];
    if (value) return value;
  }
  return item[field];
}
