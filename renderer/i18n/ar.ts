import type { PartialCatalogue } from './catalogue.ts';
import type { Messages } from './en.ts';

/**
 * Arabic: partial on purpose. It proves the two things issue 8 asks of the untranslated
 * languages: the layout mirrors (right to left) and every missing text falls back to English
 * key by key, never to a raw key. A merchant that needs full Arabic adds the rest here.
 */
export const ar: PartialCatalogue<Messages> = {
  common: { back: 'رجوع', cancel: 'إلغاء', continue: 'متابعة', language: 'اللغة' },
  status: { online: 'متصل', offline: 'غير متصل' },
  idle: {
    title: 'تعرّف على بشرتك بوضوح',
    subtitle: 'جلسة تصوير موجّهة لمدة دقيقة واحدة، ثم تقرير بشرتك الشخصي.',
    chooseLanguage: 'المس لغتك للبدء',
  },
  consent: { title: 'قبل أن نبدأ', agree: 'أوافق', accept: 'موافقة ومتابعة', decline: 'لا، شكرًا' },
  customer: {
    name: 'الاسم',
    phoneCc: 'رمز الدولة',
    phone: 'رقم الجوال',
    email: 'البريد الإلكتروني',
    birthday: 'تاريخ الميلاد',
    // Arabic has six plural forms (D-049); only counts of one or more are shown.
    repeatVisit_zero: 'مرحبًا بعودتك.',
    repeatVisit_one: 'مرحبًا بعودتك. سنقارن النتائج بجلستك السابقة.',
    repeatVisit_two: 'مرحبًا بعودتك. سنقارن النتائج بجلستيك السابقتين.',
    repeatVisit_few: 'مرحبًا بعودتك. سنقارن النتائج بجلساتك الـ{{count}} السابقة.',
    repeatVisit_many: 'مرحبًا بعودتك. سنقارن النتائج بـ{{count}} جلسة سابقة.',
    repeatVisit_other: 'مرحبًا بعودتك. سنقارن النتائج بـ{{count}} جلسة سابقة.',
    invalid: 'يرجى التحقق من:',
    rule: {
      name: 'الاسم: أدخل من {{min}} إلى {{max}} حرفًا',
      phoneCc: 'رمز الدولة: أدخل رقمًا من {{min}} إلى {{max}}',
      phoneNumber: 'رقم الجوال: أدخل من {{min}} إلى {{max}} رقمًا، أو اتركه فارغًا',
      email: 'البريد الإلكتروني: أدخل عنوانًا مثل name@example.com (بحد أقصى {{max}} حرفًا)، أو اتركه فارغًا',
      birthday: 'تاريخ الميلاد: اختر تاريخًا، أو اتركه فارغًا',
    },
  },
  capture: {
    ok: 'ممتاز — اثبت مكانك',
    help: {
      title: 'ألا يزال هناك ما يمنع التصوير؟',
      why: {
        no_face: 'لم تجد الكاميرا وجهًا منذ مدة. قف أمام الشاشة ووجهك مكشوف وداخل الشكل البيضاوي.',
        move_closer: 'يبدو وجهك صغيرًا جدًا للكاميرا: اقترب حتى يملأ وجهك الشكل البيضاوي.',
        move_back: 'وجهك قريب جدًا من الكاميرا: ابتعد قليلًا حتى يكون وجهك داخل الشكل البيضاوي.',
        centre_face: 'وجهك ليس في وسط الشكل البيضاوي: تحرّك حتى يصبح داخله.',
      },
      size: 'يشغل وجهك {{face}}% من عرض الصورة؛ والصورة تحتاج من {{min}}% إلى {{max}}%.',
      staff: 'يمكن لأحد الموظفين مساعدتك: اسأل عند المنضدة. ويمكن للموظفين أيضًا التقاط الصورة كما هي.',
    },
  },
  idleWarning: {
    title: 'هل ما زلت هنا؟',
    body: 'حفاظًا على خصوصيتك، ستُغلق هذه الشاشة خلال {{seconds}} ثانية. المس الشاشة للبقاء.',
    stay: 'ما زلت هنا',
  },
  discard: {
    title: 'هل تريد تجاهل هذه الجلسة؟',
    body: 'سيتم حذف الصور والإجابات.',
    keep: 'متابعة',
    confirm: 'تجاهل',
  },
  results: {
    title: 'تقرير بشرتك',
    notMeasured: 'لم يُقَس: {{reason}}',
    notMeasuredSummary: 'لم يُقَس هذه المرة: {{names}}.',
    lessCertain: 'أقل دقة: {{reasons}}',
    notMeasuredPoint: 'لم يُقَس',
    notComparableNow: 'لم يُقَس هذه المرة، فلا يوجد تغيير للمقارنة مع المرة السابقة.',
    notComparableBefore: 'لم يُقَس في المرة السابقة، فلا يوجد تغيير للمقارنة مع هذه المرة.',
    overallCommon: 'جميع الأبعاد: متوسط الأبعاد الـ{{count}} التي قيست في كل الجلسات المعروضة.',
    recommendations: 'موصى به لك',
    why: 'لـ: {{dimension}} — {{level}}',
    answers: 'ولـ: {{findings}}',
    keyFindings: 'ما يستحق الانتباه أولًا',
    keyAllGood: 'كل النتائج المقيسة تبدو جيدة',
    concern: {
      texture: 'الملمس',
      pigment: 'التصبغ والاحمرار',
      lines: 'الخطوط',
      eyes: 'منطقة العين',
      firmness: 'الشد',
      oil: 'الدهون والترطيب',
    },
    concernMeasured: 'قيس {{count}}',
    concernNotMeasured: 'لم يُقَس {{count}}',
    showDetails: 'التفاصيل',
    hideDetails: 'إخفاء',
    shareOpen: 'على هاتفك',
  },
  review: {
    enlargeHint: 'المس صورة لتكبيرها.',
    enlarge: 'تكبير {{photo}}',
    zoomHint: 'قرّب بإصبعين أو استخدم + و − للتكبير، واسحب للتنقل.',
  },
};
