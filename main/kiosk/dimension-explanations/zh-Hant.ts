import type { DimensionExplanations } from './types.ts';

/** Traditional Chinese (zh-Hant), in the terms of protocol/enums/names/zh-Hant.ts. */
export const zhHant: DimensionExplanations = {
  pore: '鼻子和臉頰上毛孔的明顯程度；毛孔越粗大，通常出油越多。',
  blackhead: '黑頭是毛孔中堵塞的深色油脂，多見於鼻子。',
  speckle: '色素不均形成的色斑，如曬斑和雀斑。',
  wrinkle: '全臉的細紋和皺紋。',
  acne: '痘痘和發炎性瑕疵；級別越高，數量越多、面積越大。',
  sensitive: '敏感度反映肌膚是否容易泛紅，依臉頰和鼻子的泛紅情形判斷。',
  black_rim_of_eye: '黑眼圈指眼下肌膚相對於臉頰的暗沉程度。',
  water: '肌膚的水分充足程度；缺水時會顯得暗沉、有細小皮屑。',
  oil: '肌膚因油脂而泛出的油光程度，主要在額頭和鼻子。',
  skin_vitality: '肌膚活力反映肌膚整體看起來是否健康、有精神。',
  glow: '光澤度反映肌膚反光是否均勻；健康的肌膚有柔和的光澤。',
  skin_smoothness: '肌膚光滑度反映肌膚表面是否平整，沒有凹凸和粗糙。',
  firmness: '緊緻度反映臉頰和下顎處肌膚的緊實與彈性。',
  vitality_eye_contour: '眼周活力反映眼周肌膚看起來是否清爽有精神。',
  skin_glow: '肌膚透亮度反映整體膚色的通透和明亮程度。',
  eye_bags: '眼袋指下眼瞼下方的浮腫程度。',
  eye_sagging: '眼周鬆垂指眼周肌膚鬆弛下垂的程度。',
  plump_cheeks: '蘋果肌飽滿度反映臉頰上半部是否豐盈飽滿。',
  low_cheek: '面頰下垂指臉頰下半部的下垂程度。',
  mandible_edge: '下顎線清晰度反映下顎輪廓是否分明。',
  crows_feet: '魚尾紋是從外眼角向外散開的細紋。',
  under_eye_wrinkle: '眼下細紋是眼睛正下方的細紋。',
  forehead_wrinkle: '抬頭紋是額頭上的橫向紋路。',
  nasolabial_folds: '法令紋是從鼻翼兩側延伸到嘴角的紋路。',
  narionette_lines: '木偶紋是從嘴角向下延伸的紋路。',
  frown_wrinkle: '川字紋是眉間的縱向紋路。',
  lacrimal_groove: '淚溝是從內眼角向臉頰延伸的凹陷。',
  neck_lines: '頸紋是頸部的橫向紋路。',
};

/** Traditional Chinese (zh-Hant-HK): Hong Kong says 下頜 for the jaw (its name of mandible_edge). */
export const zhHantHK: DimensionExplanations = {
  ...zhHant,
  firmness: '緊緻度反映臉頰和下頜處肌膚的緊實與彈性。',
  mandible_edge: '下頜線清晰度反映下頜輪廓是否分明。',
};
