import type { EnumNames } from './types.ts';

/** Traditional Chinese (zh-Hant), with the product terms used in Taiwan. */
export const zhHant: EnumNames = {
  dimensions: {
    pore: '毛孔',
    blackhead: '黑頭',
    speckle: '色斑',
    wrinkle: '皺紋',
    acne: '痘痘',
    sensitive: '敏感度',
    black_rim_of_eye: '黑眼圈',
    water: '水分',
    oil: '油脂',
    skin_vitality: '肌膚活力',
    glow: '光澤度',
    skin_smoothness: '肌膚光滑度',
    firmness: '緊緻度',
    vitality_eye_contour: '眼周活力',
    skin_glow: '肌膚透亮度',
    eye_bags: '眼袋',
    eye_sagging: '眼周鬆垂',
    plump_cheeks: '蘋果肌飽滿度',
    low_cheek: '面頰下垂',
    mandible_edge: '下顎線清晰度',
    crows_feet: '魚尾紋',
    under_eye_wrinkle: '眼下細紋',
    forehead_wrinkle: '抬頭紋',
    nasolabial_folds: '法令紋',
    narionette_lines: '木偶紋',
    frown_wrinkle: '川字紋',
    lacrimal_groove: '淚溝',
    neck_lines: '頸紋',
  },
  levels: {
    pore: ['細緻', '中等', '粗大'],
    noneToSevere: ['無', '輕度', '中度', '重度'],
    acne: ['無', 'I級', 'II級', 'III級', 'IV級'],
    sensitive: ['耐受性強', '耐受性中等', '輕度敏感肌', '敏感肌'],
    waterOil: ['健康', '中度', '重度'],
    veryGoodToLow: ['很好', '較好', '一般', '較差'],
    skinGlow: ['很好', '良好', '中等', '較差'],
    graded: '{n}級',
  },
  categories: {
    1: '化妝水',
    2: '乳液',
    3: '精華',
    4: '面霜',
    5: '眼部護理',
    6: '洗面乳',
    7: '防曬',
    8: '其他',
    9: '套組',
    10: '面膜',
  },
};

/**
 * Traditional Chinese as written in Hong Kong (zh-Hant-HK): the same as zh-Hant except the
 * product terms Hong Kong shops use (爽膚水, 潔面, 套裝) and 下頜 for the jaw.
 */
export const zhHantHK: EnumNames = {
  dimensions: { ...zhHant.dimensions, mandible_edge: '下頜線清晰度' },
  levels: zhHant.levels,
  categories: { ...zhHant.categories, 1: '爽膚水', 6: '潔面', 9: '套裝' },
};
