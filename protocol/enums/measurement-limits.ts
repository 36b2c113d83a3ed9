import type { MeasurementLimit } from '../skin-api/task-result.ts';
import { localize, type LanguageCode, type LocalizedText as Text } from './languages.ts';

/**
 * Words for the reasons of D-033 (why a dimension was not measured, or what made a measured one
 * less certain), written once here because the kiosk's report (main/) and the platform's phone
 * page (platform/) both show them and may not import each other. The wire carries only the code
 * and an English `detail` for logs; customers read these.
 *
 * `sentence` completes "Not measured: …"; `short` completes "less certain: …". English, both
 * Chinese scripts and Arabic (the languages of the phone page and of the kiosk's UI catalogues);
 * other languages fall back along `fallbackLanguages`.
 */

const LIMIT_TEXTS: Readonly<Record<MeasurementLimit, { sentence: Text; short: Text }>> = {
  resolution: {
    sentence: {
      en: 'the photo is too far away to see such fine detail',
      'zh-Hans': '拍摄距离太远，看不清这么细微的细节',
      'zh-Hant': '拍攝距離太遠，看不清這麼細微的細節',
      ar: 'الصورة بعيدة جدًا لرؤية هذه التفاصيل الدقيقة',
    },
    short: { en: 'photo too far away', 'zh-Hans': '拍摄距离偏远', 'zh-Hant': '拍攝距離偏遠', ar: 'الصورة بعيدة' },
  },
  // Enough pixels, too little sharpness: coming closer is not the remedy (D-126).
  sharpness: {
    sentence: {
      en: 'the photo is not sharp enough to see such fine detail',
      'zh-Hans': '照片不够清晰，看不清这么细微的细节',
      'zh-Hant': '照片不夠清晰，看不清這麼細微的細節',
      ar: 'الصورة ليست واضحة بما يكفي لرؤية هذه التفاصيل الدقيقة',
    },
    short: { en: 'photo not sharp', 'zh-Hans': '照片不够清晰', 'zh-Hant': '照片不夠清晰', ar: 'الصورة غير واضحة' },
  },
  // The analysis's own limit, not the photo's: no retake or distance changes it (D-126).
  analysis_resolution: {
    sentence: {
      en: 'finer detail than this analysis can see',
      'zh-Hans': '细节超出本分析所能识别的精度',
      'zh-Hant': '細節超出本分析所能識別的精度',
      ar: 'تفاصيل أدق مما يستطيع هذا التحليل رؤيته',
    },
    short: { en: 'too fine for the analysis', 'zh-Hans': '超出分析精度', 'zh-Hant': '超出分析精度', ar: 'يتجاوز دقة التحليل' },
  },
  light: {
    sentence: {
      en: 'needs the device’s polarised or UV light',
      'zh-Hans': '需要设备的偏振光或紫外光',
      'zh-Hant': '需要設備的偏振光或紫外光',
      ar: 'يتطلب ضوء الجهاز المستقطب أو فوق البنفسجي',
    },
    short: { en: 'without polarised light', 'zh-Hans': '未使用偏振光', 'zh-Hant': '未使用偏振光', ar: 'دون ضوء مستقطب' },
  },
  hidden: {
    sentence: {
      // Clothing too: a collar is what hides the neck (D-124).
      en: 'skin hidden (hair, glasses, clothing)',
      'zh-Hans': '皮肤被遮挡（头发、眼镜、衣物）',
      'zh-Hant': '皮膚被遮擋（頭髮、眼鏡、衣物）',
      ar: 'البشرة مخفية (شعر، نظارات، ملابس)',
    },
    short: { en: 'skin partly hidden', 'zh-Hans': '皮肤部分被遮挡', 'zh-Hant': '皮膚部分被遮擋', ar: 'البشرة مخفية جزئيًا' },
  },
  pose: {
    sentence: { en: 'head turned too far', 'zh-Hans': '头部转动幅度过大', 'zh-Hant': '頭部轉動幅度過大', ar: 'الرأس مائل أكثر من اللازم' },
    short: { en: 'head turned', 'zh-Hans': '头部偏转', 'zh-Hant': '頭部偏轉', ar: 'الرأس مائل' },
  },
  makeup: {
    sentence: { en: 'covered by make-up', 'zh-Hans': '被妆容覆盖', 'zh-Hant': '被妝容覆蓋', ar: 'مغطاة بالمكياج' },
    short: { en: 'make-up', 'zh-Hans': '妆容', 'zh-Hant': '妝容', ar: 'المكياج' },
  },
  exposure: {
    sentence: {
      en: 'the photo is too bright to read the skin’s colour',
      'zh-Hans': '照片过亮（曝光过度），无法读取肤色',
      'zh-Hant': '照片過亮（曝光過度），無法讀取膚色',
      ar: 'الصورة شديدة السطوع لقراءة لون البشرة',
    },
    short: { en: 'overexposed', 'zh-Hans': '曝光过度', 'zh-Hant': '曝光過度', ar: 'تعريض زائد' },
  },
  colour_cast: {
    sentence: { en: 'light colour too strong', 'zh-Hans': '光线偏色过重', 'zh-Hant': '光線偏色過重', ar: 'لون الإضاءة قوي جدًا' },
    short: { en: 'light colour', 'zh-Hans': '光线偏色', 'zh-Hant': '光線偏色', ar: 'لون الإضاءة' },
  },
  expression: {
    sentence: {
      en: 'a smile or an open mouth changes these folds: photograph a relaxed face',
      'zh-Hans': '微笑或张嘴会改变这些纹路：请拍摄放松的表情',
      'zh-Hant': '微笑或張嘴會改變這些紋路：請拍攝放鬆的表情',
      ar: 'الابتسامة أو الفم المفتوح يغيّران هذه الطيات: التقط صورة لوجه مسترخٍ',
    },
    short: { en: 'smiling', 'zh-Hans': '面带微笑', 'zh-Hant': '面帶微笑', ar: 'مبتسم' },
  },
};

/** Why a dimension was not measured, as the end of "Not measured: …", in `lang`. */
export function notMeasuredReason(reason: MeasurementLimit, lang: LanguageCode): string {
  return localize(LIMIT_TEXTS[reason].sentence, lang);
}

/** What made a measurement less certain, a few words, in `lang`. */
export function caveatName(reason: MeasurementLimit, lang: LanguageCode): string {
  return localize(LIMIT_TEXTS[reason].short, lang);
}
