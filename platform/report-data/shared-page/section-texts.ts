import type { Concern, Tone } from '../../../protocol/enums/concerns.ts';
import { localize, type LanguageCode, type LocalizedText as Text } from '../../../protocol/enums/languages.ts';
import type { MarkKind } from '../../../protocol/enums/marks-legend.ts';

/**
 * The words of the phone page's summary, concern groups and marked photos (D-070), in the four
 * languages the page is written in (en, both Chinese scripts, Arabic); others fall back
 * (`localize`). The kiosk's concern names have no Traditional Chinese and live in the renderer's
 * i18next catalogue, which the platform cannot import; these are the page's own.
 */

const SECTION = {
  keyFindings: { en: 'What to look at first', 'zh-Hans': '优先关注', 'zh-Hant': '優先關注', ar: 'ما يستحق الاهتمام أولًا' },
  keyAllGood: { en: 'All measured findings look good', 'zh-Hans': '所有已测项目状态良好', 'zh-Hant': '所有已測項目狀態良好', ar: 'كل ما قيس يبدو جيدًا' },
  byConcern: { en: 'Your results by concern', 'zh-Hans': '按关注点查看结果', 'zh-Hant': '按關注點查看結果', ar: 'نتائجك حسب الاهتمام' },
  legendTitle: { en: 'What the marks show', 'zh-Hans': '标记说明', 'zh-Hant': '標記說明', ar: 'ما تُظهره العلامات' },
  area: { en: 'about {value} mm² in all', 'zh-Hans': '合计约 {value} 平方毫米', 'zh-Hant': '合計約 {value} 平方毫米', ar: 'نحو {value} مم² إجمالًا' },
  length: { en: 'about {value} mm long in all', 'zh-Hans': '合计长约 {value} 毫米', 'zh-Hant': '合計長約 {value} 毫米', ar: 'بطول نحو {value} مم إجمالًا' },
  unmarked: {
    en: 'Marked in this colour: where the analysis read this. It gives no count for it.',
    'zh-Hans': '此颜色标记为分析检测此项的部位，此项不计数。',
    'zh-Hant': '此顏色標記為分析檢測此項的部位，此項不計數。',
    ar: 'المحدد بهذا اللون: حيث قرأ التحليل هذا البند. لا يعطي له عددًا.',
  },
  scale: {
    en: 'Sizes are estimates on the face, scaled from an average 63 mm between the pupils.',
    'zh-Hans': '尺寸为面部估算值，按平均瞳距 63 毫米换算。',
    'zh-Hant': '尺寸為面部估算值，按平均瞳距 63 毫米換算。',
    ar: 'الأحجام تقديرية على الوجه، محسوبة من متوسط 63 مم بين الحدقتين.',
  },
  firstLevel: {
    en: 'Graded {level}: what is marked is too little or too slight to count as a concern.',
    'zh-Hans': '评级为{level}：标记处数量少或程度轻，不构成问题。',
    'zh-Hant': '評級為{level}：標記處數量少或程度輕，不構成問題。',
    ar: 'التقييم «{level}»: ما هو مُعلَّم قليل أو طفيف فلا يُعدّ مصدر قلق.',
  },
  routine: { en: 'Recommended for you', 'zh-Hans': '为您推荐', 'zh-Hant': '為您推薦', ar: 'موصى به لك' },
  routineNote: {
    en: 'Chosen for your results from what the store offers now.',
    'zh-Hans': '根据您的检测结果，从本店目前提供的产品和护理中挑选。',
    'zh-Hant': '根據您的檢測結果，從本店目前提供的產品和護理中挑選。',
    ar: 'اختيرت لنتائجك مما يقدمه المتجر حاليًا.',
  },
  products: { en: 'Products', 'zh-Hans': '产品', 'zh-Hant': '產品', ar: 'المنتجات' },
  treatments: { en: 'Treatments', 'zh-Hans': '护理项目', 'zh-Hant': '護理項目', ar: 'العلاجات' },
  why: { en: 'For: {finding} — {level}', 'zh-Hans': '针对：{finding} — {level}', 'zh-Hant': '針對：{finding} — {level}', ar: 'لـ: {finding} — {level}' },
  more: { en: 'More about it', 'zh-Hans': '了解详情', 'zh-Hant': '了解詳情', ar: 'المزيد عنه' },
} as const satisfies Record<string, Text>;

export type SectionKey = keyof typeof SECTION;
export const SECTION_KEYS = Object.keys(SECTION) as SectionKey[];

export function sectionText(key: SectionKey, lang: LanguageCode): string {
  return localize(SECTION[key], lang);
}

/** A concern's name and what its measurements read (the "what it measures" explanation). */
const CONCERNS: Readonly<Record<Concern, { name: Text; explains: Text }>> = {
  texture: {
    name: { en: 'Texture', 'zh-Hans': '肤质纹理', 'zh-Hant': '膚質紋理', ar: 'الملمس' },
    explains: {
      en: 'Pores, blackheads, blemishes and how smooth the surface of the skin is.',
      'zh-Hans': '毛孔、黑头、痘痘以及皮肤表面的平滑程度。',
      'zh-Hant': '毛孔、黑頭、痘痘以及皮膚表面的平滑程度。',
      ar: 'المسام والرؤوس السوداء والبثور ومدى نعومة سطح البشرة.',
    },
  },
  pigment: {
    name: { en: 'Pigment and redness', 'zh-Hans': '色斑与泛红', 'zh-Hant': '色斑與泛紅', ar: 'التصبغ والاحمرار' },
    explains: {
      en: 'Spots, redness and how even and radiant the skin tone is, read from colour.',
      'zh-Hans': '色斑、泛红以及肤色的均匀度和光彩，由颜色读出。',
      'zh-Hant': '色斑、泛紅以及膚色的均勻度和光彩，由顏色讀出。',
      ar: 'البقع والاحمرار ومدى تجانس لون البشرة وإشراقها، مقروءة من اللون.',
    },
  },
  lines: {
    name: { en: 'Lines', 'zh-Hans': '皱纹细纹', 'zh-Hant': '皺紋細紋', ar: 'الخطوط' },
    explains: {
      en: 'Wrinkles and folds: forehead, frown, nose-to-mouth, mouth corners and neck.',
      'zh-Hans': '皱纹与纹路：额头、眉间、法令纹、嘴角及颈部。',
      'zh-Hant': '皺紋與紋路：額頭、眉間、法令紋、嘴角及頸部。',
      ar: 'التجاعيد والطيات: الجبهة وبين الحاجبين ومن الأنف إلى الفم وزوايا الفم والرقبة.',
    },
  },
  eyes: {
    name: { en: 'Eye area', 'zh-Hans': '眼周', 'zh-Hant': '眼周', ar: 'منطقة العين' },
    explains: {
      en: 'Dark circles, eye bags, sagging, crow’s feet and lines under the eyes.',
      'zh-Hans': '黑眼圈、眼袋、眼部下垂、鱼尾纹及眼下细纹。',
      'zh-Hant': '黑眼圈、眼袋、眼部下垂、魚尾紋及眼下細紋。',
      ar: 'الهالات الداكنة وانتفاخ العين والترهل وخطوط زوايا العين وتحتها.',
    },
  },
  firmness: {
    name: { en: 'Firmness', 'zh-Hans': '紧致度', 'zh-Hant': '緊緻度', ar: 'الشد' },
    explains: {
      en: 'How firm the skin is: cheeks, their sagging and the line of the jaw.',
      'zh-Hans': '皮肤的紧致程度：面颊饱满、下垂及下颌线。',
      'zh-Hant': '皮膚的緊緻程度：面頰飽滿、下垂及下頜線。',
      ar: 'مدى شد البشرة: امتلاء الخدين وترهلهما وخط الفك.',
    },
  },
  oil: {
    name: { en: 'Oil and hydration', 'zh-Hans': '油脂与水分', 'zh-Hant': '油脂與水分', ar: 'الدهون والترطيب' },
    explains: {
      // A photo cannot weigh water (the hydration proxy is seldom measurable, docs/vision-skin.md):
      // the group's line promises only what its measures read (D-137).
      en: 'Oiliness and sheen of the skin; its moisture only as far as a photo can show it.',
      'zh-Hans': '皮肤的油脂与光泽；水分仅在照片能显示时给出。',
      'zh-Hant': '皮膚的油脂與光澤；水分僅在照片能顯示時給出。',
      ar: 'دهنية البشرة ولمعانها؛ أما رطوبتها فبقدر ما تُظهره الصورة فقط.',
    },
  },
};

export function concernName(concern: Concern, lang: LanguageCode): string {
  return localize(CONCERNS[concern].name, lang);
}

export function concernExplains(concern: Concern, lang: LanguageCode): string {
  return localize(CONCERNS[concern].explains, lang);
}

/** What a level means, by its place in its table (the tone): words, never colour alone. */
const TONES: Readonly<Record<Tone, Text>> = {
  good: { en: 'A good level: nothing to act on.', 'zh-Hans': '良好水平：无需特别处理。', 'zh-Hant': '良好水平：無需特別處理。', ar: 'مستوى جيد: لا حاجة لإجراء.' },
  fair: { en: 'A middling level: worth some care.', 'zh-Hans': '中等水平：值得适当护理。', 'zh-Hant': '中等水平：值得適當護理。', ar: 'مستوى متوسط: يستحق بعض العناية.' },
  attention: { en: 'Among the weaker levels: worth attention first.', 'zh-Hans': '较弱水平：建议优先关注。', 'zh-Hant': '較弱水平：建議優先關注。', ar: 'من المستويات الأضعف: يستحق الاهتمام أولًا.' },
  none: { en: 'This measure has no graded levels.', 'zh-Hans': '此项没有分级。', 'zh-Hant': '此項沒有分級。', ar: 'لا درجات لهذا القياس.' },
};

export function toneMeaning(tone: Tone, lang: LanguageCode): string {
  return localize(TONES[tone], lang);
}

/** A legend row's count in words ("3 spots circled"); Chinese and Arabic need no plural form here. */
const MARK_COUNTS: Readonly<Record<MarkKind, { one: Text; other: Text }>> = {
  spot: {
    one: { en: '{count} spot circled', 'zh-Hans': '圈出 {count} 处', 'zh-Hant': '圈出 {count} 處', ar: 'بقعة واحدة محاطة بدائرة' },
    other: { en: '{count} spots circled', 'zh-Hans': '圈出 {count} 处', 'zh-Hant': '圈出 {count} 處', ar: 'بقع محاطة بدائرة: {count}' },
  },
  line: {
    one: { en: '{count} line traced', 'zh-Hans': '描出 {count} 条', 'zh-Hant': '描出 {count} 條', ar: 'خط واحد مرسوم' },
    other: { en: '{count} lines traced', 'zh-Hans': '描出 {count} 条', 'zh-Hant': '描出 {count} 條', ar: 'خطوط مرسومة: {count}' },
  },
  area: {
    one: { en: '{count} area shaded', 'zh-Hans': '阴影 {count} 处', 'zh-Hant': '陰影 {count} 處', ar: 'منطقة واحدة مظللة' },
    other: { en: '{count} areas shaded', 'zh-Hans': '阴影 {count} 处', 'zh-Hant': '陰影 {count} 處', ar: 'مناطق مظللة: {count}' },
  },
};

export function markCount(kind: MarkKind, count: number, lang: LanguageCode): string {
  return localize(MARK_COUNTS[kind][count === 1 ? 'one' : 'other'], lang).replace('{count}', String(count));
}
