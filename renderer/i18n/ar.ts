import type { Catalogue, PartialCatalogue } from './catalogue.ts';
import type { Messages } from './en.ts';
import { mainAr } from './main-ar.ts';
import { resultsAr } from './results-ar.ts';

/**
 * Arabic: complete for everything a customer sees, English for staff and technician screens
 * (D-118). Complete, and typed so (a missing key fails the type check): `common`, `status`,
 * `idle`, `consent`, `customer`, `capture`, `review`, `processing`, `results` (results-ar.ts),
 * `idleWarning`, `discard`, `keyboard` (the on-screen keyboard of the registration form),
 * `callError.customer` and `callError.detail`, and main's `sync` and `failure` sentences, which
 * the processing screen shows (main-ar.ts). Left to English by per-key fallback, on purpose:
 * `staff`, `technician`, `pin` (the staff and technician PIN dialog), `search` (the customer
 * search staff open behind their PIN), `callError.operator`, and main's `crm`, `light`,
 * `calibration`, `pitch` and `diag` sentences. Counts have Arabic's six plural forms (D-049).
 */
type Complete = Catalogue<Messages>;
type CustomerSection =
  | 'common'
  | 'status'
  | 'idle'
  | 'consent'
  | 'customer'
  | 'capture'
  | 'review'
  | 'processing'
  | 'results'
  | 'idleWarning'
  | 'discard'
  | 'keyboard';
type ArabicCatalogue = PartialCatalogue<Messages> &
  Pick<Complete, CustomerSection> & {
    callError: Pick<Complete['callError'], 'customer' | 'detail'>;
    main: Pick<Complete['main'], 'sync' | 'failure'>;
  };

export const ar: ArabicCatalogue = {
  common: {
    back: 'رجوع',
    cancel: 'إلغاء',
    continue: 'متابعة',
    save: 'حفظ',
    saved: 'تم الحفظ',
    retry: 'إعادة المحاولة',
    delete: 'حذف',
    close: 'إغلاق',
    loading: 'جارٍ التحميل…',
    refresh: 'تحديث',
    home: 'الرئيسية',
    done: 'تم',
    required: 'مطلوب',
    optional: 'اختياري',
    none: '—',
    confirmDelete: 'حذف نهائي',
    language: 'اللغة',
  },
  callError: {
    customer: {
      invalid_input: 'لم نتمكن من قبول أحد المدخلات. يرجى التحقق منه، أو طلب المساعدة من أحد الموظفين.',
      not_found: 'لم يعد هذا متاحًا. يرجى البدء من جديد.',
      forbidden: 'يحتاج هذا إلى أحد الموظفين.',
      conflict: 'تجاوز الجهاز هذه الخطوة بالفعل. يرجى المحاولة مرة أخرى.',
      device: 'الجهاز غير جاهز لالتقاط الصور. يرجى طلب المساعدة من أحد الموظفين.',
      platform: 'يتعذّر الوصول إلى خدمة التحليل الآن. يرجى التوجّه إلى أحد الموظفين.',
      internal: 'حدث خطأ ما. يرجى المحاولة مرة أخرى، أو طلب المساعدة من أحد الموظفين.',
    },
    detail: 'للموظفين: {{detail}}',
  },
  status: {
    online: 'متصل',
    offline: 'غير متصل',
    // Shown to staff only (the operator's status pill), with every form so no count falls back to English.
    pending_zero: 'لا جلسات بانتظار المزامنة',
    pending_one: 'جلسة واحدة بانتظار المزامنة',
    pending_two: 'جلستان بانتظار المزامنة',
    pending_few: '{{count}} جلسات بانتظار المزامنة',
    pending_many: '{{count}} جلسة بانتظار المزامنة',
    pending_other: '{{count}} جلسة بانتظار المزامنة',
    failed_zero: 'لا جلسات تعذّرت مزامنتها',
    failed_one: 'تعذّرت مزامنة جلسة واحدة',
    failed_two: 'تعذّرت مزامنة جلستين',
    failed_few: 'تعذّرت مزامنة {{count}} جلسات',
    failed_many: 'تعذّرت مزامنة {{count}} جلسة',
    failed_other: 'تعذّرت مزامنة {{count}} جلسة',
    simulated: 'جهاز محاكاة',
  },
  idle: {
    title: 'تعرّف على بشرتك بوضوح',
    subtitle: 'جلسة تصوير موجّهة لمدة دقيقة واحدة، ثم تقرير بشرتك الشخصي.',
    chooseLanguage: 'المس لغتك للبدء',
    staff: 'الموظفون',
    technician: 'الفني',
    offlineNote: 'هذا الجهاز غير متصل الآن. يمكنك التقاط صورك، وتصلك النتائج فور عودة الاتصال.',
    starting: 'جارٍ البدء…',
  },
  consent: {
    title: 'قبل أن نبدأ',
    intro: 'يرجى قراءة البنود أدناه والموافقة عليها. تُستخدم صورك لتقرير بشرتك فقط.',
    agree: 'أوافق',
    accept: 'موافقة ومتابعة',
    decline: 'لا، شكرًا',
    requiredMissing: 'يرجى الموافقة على البنود المطلوبة للمتابعة.',
    kind: {
      user_agreement: 'اتفاقية المستخدم',
      personal_information: 'حماية البيانات الشخصية',
      marketing: 'الأخبار والعروض',
    },
    noClauses: 'لا توجد نصوص موافقة مُعدّة لهذا المتجر.',
  },
  customer: {
    title: 'لمن هذا التقرير؟',
    newTitle: 'هذه زيارتي الأولى',
    name: 'الاسم',
    phoneCc: 'رمز الدولة',
    phone: 'رقم الجوال',
    email: 'البريد الإلكتروني',
    birthday: 'تاريخ الميلاد',
    birthdayParts: { day: 'اليوم', month: 'الشهر', year: 'السنة' },
    gender: 'الجنس',
    genders: { g0: 'أفضّل عدم الإجابة', g1: 'ذكر', g2: 'أنثى' },
    register: 'تسجيل',
    returningTitle: 'زرتكم من قبل',
    returningHint: 'يمكن لأحد الموظفين البحث عن بياناتك.',
    findByStaff: 'للموظفين: البحث عن عميل',
    phoneRegistered: {
      title: 'رقم الجوال هذا مسجّل بالفعل',
      text: 'إذا كنت قد زرتنا من قبل، يمكن لأحد الموظفين العثور على بياناتك، لتظهر نتائج اليوم بجانب زياراتك السابقة. هل تشارك هذا الرقم مع أحد أفراد العائلة؟ سجّل بشكل منفصل.',
      findMe: 'للموظفين: ابحثوا عني',
      separately: 'سجّل بشكل منفصل',
      change: 'تغيير الرقم',
    },
    selected: 'التقرير باسم {{name}}',
    change: 'تغيير',
    // Only counts of one or more are shown; `_zero` is there so no form falls back to English.
    repeatVisit_zero: 'مرحبًا بعودتك.',
    repeatVisit_one: 'مرحبًا بعودتك. سنقارن النتائج بجلستك السابقة.',
    repeatVisit_two: 'مرحبًا بعودتك. سنقارن النتائج بجلستيك السابقتين.',
    repeatVisit_few: 'مرحبًا بعودتك. سنقارن النتائج بجلساتك الـ{{count}} السابقة.',
    repeatVisit_many: 'مرحبًا بعودتك. سنقارن النتائج بـ{{count}} جلسة سابقة.',
    repeatVisit_other: 'مرحبًا بعودتك. سنقارن النتائج بـ{{count}} جلسة سابقة.',
    skinTitle: 'كيف حال بشرتك الآن؟',
    skinNote: 'المكياج يغيّر ما تراه الكاميرا، لذلك نسجّله مع نتائجك.',
    skin: {
      clean: 'نظيفة، بلا مكياج',
      fresh_makeup: 'عليها مكياج',
      other: 'غير ذلك (كريم، بعد الرياضة…)',
    },
    start: 'ابدأ التصوير',
    invalid: 'يرجى التحقق من:',
    rule: {
      name: 'الاسم: أدخل من {{min}} إلى {{max}} حرفًا',
      phoneCc: 'رمز الدولة: أدخل رقمًا من {{min}} إلى {{max}}',
      phoneNumber: 'رقم الجوال: أدخل من {{min}} إلى {{max}} رقمًا، أو اتركه فارغًا',
      email: 'البريد الإلكتروني: أدخل عنوانًا مثل name@example.com (بحد أقصى {{max}} حرفًا)، أو اتركه فارغًا',
      birthday: 'تاريخ الميلاد: أدخل اليوم والشهر والسنة (من {{min}}، وليس يومًا في المستقبل)، أو اترك الثلاثة فارغة',
    },
  },
  capture: {
    view: { front: 'الأمام', left: 'الجانب الأيسر', right: 'الجانب الأيمن' },
    instruction: {
      front: 'انظر مباشرة إلى الكاميرا',
      left: 'أدر رأسك إلى يسارك',
      right: 'أدر رأسك إلى يمينك',
    },
    light: {
      white: 'أبيض',
      white_glow: 'أبيض ناعم',
      cross_polar: 'مستقطب متعامد',
      parallel_polar: 'مستقطب متوازٍ',
      uv: 'فوق بنفسجي',
    },
    guidance: {
      no_face: 'لا نرى وجهك بعد — قف أمام الكاميرا',
      move_closer: 'اقترب قليلًا',
      move_back: 'ابتعد قليلًا',
      centre_face: 'ضع وجهك داخل الشكل البيضاوي',
      turn_left: 'أدر رأسك قليلًا إلى يسارك',
      turn_right: 'أدر رأسك قليلًا إلى يمينك',
      tilt_up: 'ارفع ذقنك قليلًا',
      tilt_down: 'اخفض ذقنك قليلًا',
      straighten_head: 'أبقِ رأسك مستقيمًا',
      remove_glasses: 'يرجى خلع النظارة',
      open_eyes: 'أبقِ عينيك مفتوحتين',
      too_dark: 'الإضاءة خافتة جدًا — اقترب من الضوء',
      too_bright: 'الإضاءة ساطعة جدًا',
      blurry: 'الصورة غير واضحة — اثبت مكانك',
      hold_still: 'اثبت مكانك',
    },
    ok: 'ممتاز — اثبت مكانك',
    help: {
      title: 'ألا يزال هناك ما يمنع التصوير؟',
      why: {
        no_face: 'لم تجد الكاميرا وجهًا منذ مدة. قف أمام الشاشة ووجهك مكشوف وداخل الشكل البيضاوي.',
        move_closer: 'يبدو وجهك صغيرًا جدًا للكاميرا: اقترب حتى يملأ وجهك الشكل البيضاوي.',
        move_back: 'وجهك قريب جدًا من الكاميرا: ابتعد قليلًا حتى يكون وجهك داخل الشكل البيضاوي.',
        centre_face: 'وجهك ليس في وسط الشكل البيضاوي: تحرّك حتى يصبح داخله.',
        turn_left: 'تحتاج هذه الصورة أن تدير رأسك إلى يسارك، كما يشير السهم.',
        turn_right: 'تحتاج هذه الصورة أن تدير رأسك إلى يمينك، كما يشير السهم.',
        tilt_up: 'ذقنك منخفض جدًا لهذه الصورة: ارفعه قليلًا وانظر إلى الشاشة.',
        tilt_down: 'ذقنك مرتفع جدًا لهذه الصورة: اخفضه قليلًا وانظر إلى الشاشة.',
        straighten_head: 'رأسك مائل إلى أحد الجانبين: أبقِه مستقيمًا.',
        remove_glasses: 'النظارة تخفي البشرة حول عينيك: يرجى خلعها أثناء التصوير.',
        open_eyes: 'تبدو عيناك مغمضتين للكاميرا: أبقِهما مفتوحتين وانظر إلى الشاشة.',
        too_dark: 'وجهك معتم جدًا للقياس: اقترب من الضوء.',
        too_bright: 'وجهك ساطع جدًا للقياس: ابتعد قليلًا عن الضوء.',
        blurry: 'الصورة غير واضحة: أبقِ رأسك ثابتًا لحظة.',
        hold_still: 'أنت تتحرك بين الصور: أبقِ رأسك ثابتًا لحظة.',
      },
      size: 'يشغل وجهك {{face}}% من عرض الصورة؛ والصورة تحتاج من {{min}}% إلى {{max}}%.',
      staff: 'يمكن لأحد الموظفين مساعدتك: اسأل عند المنضدة. ويمكن للموظفين أيضًا التقاط الصورة كما هي.',
    },
    countdown: 'التصوير خلال',
    capturing: 'جارٍ التصوير — اثبت مكانك',
    capturingLight: 'ضوء {{light}}',
    manual: 'للموظفين: التقط الآن',
    cancel: 'إلغاء الجلسة',
    cameraStarting: 'جارٍ تشغيل الكاميرا…',
    cameraError: 'الكاميرا غير متاحة: {{message}}',
    fault: 'تعذّر التقاط الصورة',
    faultRetry: 'حاول مرة أخرى',
    faultKind: {
      camera: 'توقفت الكاميرا عن الاستجابة. يرجى انتظار أحد الموظفين.',
      lights: 'توقفت الإضاءة عن الاستجابة. يرجى انتظار أحد الموظفين.',
      disk: 'لا يتسع الجهاز لمزيد من الصور. يرجى انتظار أحد الموظفين.',
      interrupted: 'أُعيد تشغيل الجهاز أثناء التقاط صورك. يرجى البدء من جديد.',
      other: 'أوقفت مشكلةٌ في الجهاز التصوير. يرجى انتظار أحد الموظفين.',
    },
    faultTechnician: 'للفني ({{code}}): {{detail}}',
    outlineHint: 'طابِق وضعك مع الخط المتقطع من زيارتك السابقة',
    outlineMismatch: 'وضعك مختلف عن المرة السابقة. طابِق الخط المتقطع لتكون المقارنة دقيقة.',
    step: 'الزاوية {{n}} من {{total}}',
    railTitle: 'التقدّم',
    waiting: 'بانتظار الكاميرا…',
  },
  review: {
    title: 'تحقّق من صورك',
    hint: 'هل أعجبتك؟ إن كانت إحداها غير واضحة أو كانت عيناك مغمضتين فيها، فأعد التقاطها.',
    retake: 'إعادة التقاط {{view}}',
    confirm: 'تبدو جيدة — ابدأ التحليل',
    enlargeHint: 'المس صورة لتكبيرها.',
    enlarge: 'تكبير {{photo}}',
    zoomHint: 'قرّب بإصبعين أو استخدم + و − للتكبير، واسحب للتنقل.',
  },
  processing: {
    title: 'جارٍ تحليل بشرتك',
    stage: {
      capturing: 'حفظ الصور',
      queued_offline: 'محفوظة على هذا الجهاز',
      uploading: 'رفع الصور',
      analysing: 'التحليل',
      ready: 'جاهز',
      failed: 'تعذّر الإكمال',
    },
    queuedText: 'الجهاز غير متصل. صورك محفوظة هنا بأمان وستُحلَّل فور عودة الاتصال، ويمكن للموظفين حينها أن يعرضوا عليك التقرير.',
    failedText: 'تعذّر إكمال التحليل. يمكن للموظفين إعادة المحاولة من قائمة الجلسات.',
    waitText: 'يستغرق هذا عادةً أقل من دقيقة، وسيُفتح تقريرك تلقائيًا.',
    next: 'إنهاء — العميل التالي',
    steps: 'حُفظت · رُفعت · حُلّلت',
  },
  results: resultsAr,
  idleWarning: {
    title: 'هل ما زلت هنا؟',
    body: 'حفاظًا على خصوصيتك، ستُغلق هذه الشاشة خلال {{seconds}} ثانية. المس الشاشة للبقاء.',
    stay: 'ما زلت هنا',
  },
  discard: {
    title: 'هل تريد تجاهل هذه الجلسة؟',
    body: 'ستُحذف صورها ولن يُحلَّل شيء.',
    keep: 'متابعة',
    confirm: 'تجاهل',
  },
  keyboard: {
    label: 'لوحة المفاتيح على الشاشة',
    done: 'تم',
    space: 'مسافة',
    shift: 'تبديل',
    backspace: 'حذف',
  },
  main: mainAr,
};
