/**
 * One plain-language sentence per dimension for the results screen (issue 8 shows it under the
 * level): what was measured and what a poorer level means. English and Simplified Chinese;
 * other languages fall back as protocol/enums/languages.ts `localize` does.
 */
import type { DimensionId } from '../../protocol/enums/dimensions.ts';
import type { LanguageCode, LocalizedName } from '../../protocol/enums/languages.ts';
import { localize } from '../../protocol/enums/languages.ts';

const t = (en: string, zh: string): LocalizedName => ({ en, 'zh-Hans': zh });

export const DIMENSION_EXPLANATIONS: Readonly<Record<DimensionId, LocalizedName>> = {
  pore: t('How visible the pores on the nose and cheeks are; larger pores usually go with more oil.', '鼻子和脸颊上毛孔的明显程度；毛孔越粗大，通常出油越多。'),
  blackhead: t('Small dark plugs of oil in the pores, mostly on the nose.', '毛孔中堵塞的深色油脂，多见于鼻子。'),
  speckle: t('Spots of uneven pigment such as sun spots and freckles.', '色素不均形成的斑点，如晒斑和雀斑。'),
  wrinkle: t('Fine lines and wrinkles over the whole face.', '全脸的细纹和皱纹。'),
  acne: t('Spots and inflamed blemishes; higher levels mean more and larger ones.', '痘痘和炎症性瑕疵；级别越高，数量越多、面积越大。'),
  sensitive: t('How easily the skin reddens; redness is read from the cheeks and nose.', '皮肤是否容易泛红；根据脸颊和鼻子的红血丝判断。'),
  black_rim_of_eye: t('Darkness of the skin under the eyes compared with the cheeks.', '眼下皮肤相对脸颊的暗沉程度。'),
  water: t('How hydrated the skin looks; dry skin shows fine flaking and dullness.', '皮肤的水润程度；缺水时会显得暗沉、有细小皮屑。'),
  oil: t('How much shine from oil the skin has, mostly on the forehead and nose.', '皮肤的油光程度，主要在额头和鼻子。'),
  skin_vitality: t('An overall impression of how rested and healthy the skin looks.', '皮肤整体看起来是否健康、有精神。'),
  glow: t('How evenly the skin reflects light; healthy skin has a soft sheen.', '皮肤反光是否均匀；健康的皮肤有柔和的光泽。'),
  skin_smoothness: t('How even the skin surface is, without bumps or roughness.', '皮肤表面是否平滑，没有凹凸和粗糙。'),
  firmness: t('How firm and elastic the skin looks along the cheeks and jaw.', '脸颊和下颌处皮肤的紧致和弹性。'),
  vitality_eye_contour: t('How fresh the skin around the eyes looks.', '眼周皮肤看起来是否有活力。'),
  skin_glow: t('How clear and radiant the complexion looks overall.', '整体肤色的通透和明亮程度。'),
  eye_bags: t('Puffiness below the lower eyelids.', '下眼睑下方的浮肿程度。'),
  eye_sagging: t('How much the skin around the eyes droops.', '眼周皮肤的松弛下垂程度。'),
  plump_cheeks: t('Fullness of the upper cheeks.', '苹果肌的饱满程度。'),
  low_cheek: t('How much the lower cheeks sag.', '面颊下部的下垂程度。'),
  mandible_edge: t('How clearly the jawline is defined.', '下颌线的清晰程度。'),
  crows_feet: t('Lines fanning out from the outer corners of the eyes.', '外眼角向外散开的细纹。'),
  under_eye_wrinkle: t('Fine lines just below the eyes.', '眼睛下方的细纹。'),
  forehead_wrinkle: t('Horizontal lines across the forehead.', '额头上的横向纹路。'),
  nasolabial_folds: t('The folds running from the sides of the nose to the corners of the mouth.', '从鼻翼两侧延伸到嘴角的纹路。'),
  narionette_lines: t('Lines running down from the corners of the mouth.', '从嘴角向下延伸的纹路。'),
  frown_wrinkle: t('Vertical lines between the eyebrows.', '眉间的竖向纹路。'),
  lacrimal_groove: t('The hollow running from the inner corner of the eye down the cheek.', '从内眼角向脸颊延伸的凹陷。'),
  neck_lines: t('Horizontal lines around the neck.', '颈部的横向纹路。'),
};

export function dimensionExplanation(dimension: DimensionId, lang: LanguageCode): string {
  return localize(DIMENSION_EXPLANATIONS[dimension], lang);
}
