/**
 * Attribute names of the skin_all_race result (specification: Direct detection results), written
 * in the specification's brace notation and expanded once: `A{B,C}` is AB and AC, `{,X}` adds
 * the bare name, several brace groups multiply. The families are kept for documentation and
 * for grouping in the kiosk's technician view.
 */
export const SKIN_ATTRIBUTE_PATTERNS = {
  fleck: [
    'AcquiredFleck{Count,PathPoints,Rank}',
    'FreckleFleck{Count,PathPoints,Rank}',
    'SenileFleck{Count,PathPoints,Rank}',
    'OtherFleck{Count,PathPoints,Rank}',
    'CheekFleck{AreaRatio,ContourPathPoints,Count,Type}',
    'EyeFleck{AreaRatio,ContourPathPoints,Count,PathPoints,Rank,Score,Type}',
    'TFleck{AreaRatio,ContourPathPoints,Count,Type}',
    'TCheekFleckPathPoints',
    'CheekRedValue',
    'SkinSpot',
    'SkinMole',
  ],
  blackheadAndPore: [
    'BlackHead_Area',
    'BlackHead_Score',
    'SkinBlackHeads',
    'SkinBlackHeadPathPoints',
    'PoreCoarseRegions',
    'PoreCount',
    'PoreRegionPathPoints',
    'PoreScore',
    'PoreSegPathPoints',
    'PortScore',
    'PoresBetweenBrow_Have',
    'PoresCheeks_Left',
    'PoresCheeks_Right',
    'PoresForehead_Have',
  ],
  eyebrow: ['EyebrowLine{Area,Degree,Density,Have,Length,Level,PathPoints,Rank,Score}'],
  wrinkles: [
    'CrowsFeed_LeftArea',
    'CrowsFeed_RightArea',
    'EyeWrinkle_LeftArea',
    'EyeWrinkle_RightArea',
    'FinelinePathPoints',
    'ForeheadFinelineWrinkle{,Area,Density,PathPoints}',
    'SkinCrowFeet{Left,Right}PathPoints',
    'SkinCrowsFeed_{Left,Right}',
    'SkinEyeFineLine_{Left,Right}',
    'SkinEyeFineLineScore_{Left,Right}',
    'SkinEyeWrinkle_{Left,Right}',
    'SkinEyeWrinkle{Left,Right}PathPoints',
    'SkinForeHeadWrinkle',
    'SkinForeHeadWrinkleArea',
    'SkinForehead{Degree,Density,Length,Level,Score}',
    'SkinForeheadWrinklePathPoints',
  ],
  mouthCorner: [
    'MouthCorner{Area,Degree,Density,Level,Score}',
    'MouthCornerLeft{Area,Density,Have,Length,Score}',
    'MouthCornerRight{Area,Density,Have,Length,Score}',
    'SkinMouthCorner{Left,Right}PathPoints',
  ],
  nasolabial: [
    'Nasolabial{AreaRatio,Degree,Density,Level,Score}',
    'NasolabialFolds_{Left,Right}Area',
    'Nasolabial{Left,Right}{Density,Length,Score}',
    'SkinNasolabialFolds_{Left,Right}',
    'SkinNasolabialFold{Left,Right}PathPoints',
  ],
  eyeBags: ['SkinEyeBag{Left,Right}{Class,PathPoints,Score}', 'SkinEyeBagTotalClass', 'SkinEyeBagTotalScore'],
  darkCircles: [
    'SkinPandaEye_{Left,Right}',
    // "with suffixes none, _Have, _Score"
    'SkinPandaEye_{Left,Right}_{Artery,Pigment,Shadow}{,_Have,_Score}',
    'SkinPandaEye_{Left,Right}_{Level,Score}',
    'SkinPandaEye_Total_{Level,Score}',
    'SkinPandaEye{Left,Right}PathPoints',
  ],
  tearTroughs: ['TearThrough{Left,Right}{Have,Level,Score}', 'TearThroughTotal{Degree,Level,Score}', 'SkinTearThrough{Left,Right}PathPoints'],
  general: [
    'SkinAcne',
    'SkinCyst',
    'SkinPapula',
    'SkinPimple',
    'SkinPinkAcne',
    'SkinRosacea{Chin,Forehead,Leftcheek,Nose,Rightcheek}',
    'IsSensitive',
    'SensitivePathPoints',
    'SensitiveScore',
    'MatchColorBGRValues',
    'SkinBGRValues',
    'SkinHSVValues',
    'SkinColorHueDelta',
    'SkinColorLevel',
    'SkinAge',
    'SkinLevel',
    'SkinType',
    'SkinHighlight',
    'SkinHighlightPrec',
    'NoseContourPathPoints',
  ],
} as const;

export type SkinAttributeFamily = keyof typeof SKIN_ATTRIBUTE_PATTERNS;

/** Expands the brace notation: 'A{B,C}D{E,}' gives ABDE, ABD, ACDE, ACD. */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  const close = pattern.indexOf('}', open);
  if (close < 0) return [pattern];
  const head = pattern.slice(0, open);
  const options = pattern.slice(open + 1, close).split(',');
  const tails = expandBraces(pattern.slice(close + 1));
  return options.flatMap((option) => tails.map((tail) => head + option + tail));
}

function expandFamilies(): Record<SkinAttributeFamily, readonly string[]> {
  const out = {} as Record<SkinAttributeFamily, readonly string[]>;
  for (const family of Object.keys(SKIN_ATTRIBUTE_PATTERNS) as SkinAttributeFamily[]) {
    out[family] = SKIN_ATTRIBUTE_PATTERNS[family].flatMap(expandBraces);
  }
  return out;
}

/** Attribute names by family, expanded. */
export const SKIN_ATTRIBUTES_BY_FAMILY: Readonly<Record<SkinAttributeFamily, readonly string[]>> = expandFamilies();

/** Every attribute name the specification lists, expanded, in the specification's order. */
export const SKIN_ATTRIBUTE_NAMES: readonly string[] = Object.values(SKIN_ATTRIBUTES_BY_FAMILY).flat();

/** The attributes that also carry rectangle[]. */
export const SKIN_ATTRIBUTES_WITH_RECTANGLE = ['SkinHighlight', 'SkinSpot'] as const;

export function isKnownSkinAttribute(name: string): boolean {
  return SKIN_ATTRIBUTE_NAMES.includes(name);
}
