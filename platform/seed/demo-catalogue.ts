import type { CategoryId } from '../../protocol/enums/categories.ts';
import type { PriceUnitId } from '../../protocol/enums/price-units.ts';
import type { Checked } from '../../protocol/open-api/validation.ts';
import { checkProductCreateItem, checkTreatmentCreateItem } from '../../protocol/open-api/catalogue-validators.ts';
import type { LangEntry } from '../../protocol/open-api/catalogue-fields.ts';
import type { CatalogueFields } from '../open-api/catalogue/rows.ts';
import { columnValues } from '../open-api/catalogue/rows.ts';
import { MerchantRepository } from '../auth/merchant-repository.ts';
import { CatalogueQueries } from '../open-api/catalogue/catalogue-repository.ts';
import type { SqlExecutor } from '../storage/sql.ts';

/**
 * The demo catalogue (decision D-011, extended by C-014 in docs/decisions.md (C-series)): for the
 * primary merchant a product of every category 1 to 10 (the set bundles three of them), both
 * treatment sources, problem fields, texts in en / zh-Hans / ar (every name, subtitle and
 * instruction: a customer reading Chinese or Arabic meets no English), disabled items, items sold at
 * selected stores only and store links at the Premium store SG001. The second merchant reuses two
 * numbers of the first (numbers are unique per merchant only); the mainland merchant has a few.
 */
export interface DemoCatalogueItem {
  custom_id: string;
  name: string;
  /** Products only. */
  category_id?: CategoryId;
  sub_title: string;
  price_unit: PriceUnitId;
  price: number;
  link?: string;
  problem?: Record<string, Array<number | string>>;
  label?: string;
  nurse_stage?: 1 | 2;
  instruction?: string;
  user_level?: string;
  ages?: [number, number];
  goods_attributes_code?: string;
  lang_data?: Record<string, LangEntry>;
  /** 1 store-created, 2 merchant-created (default). */
  source?: 1 | 2;
  status?: 1 | -1;
  /** Selected stores (sell_type 2); absent: every store (sell_type 1). */
  sold_at?: string[];
  /** Store links: a URL (link_type 1) or null (link_type 0, same as headquarters). */
  links?: Record<string, string | null>;
  /** Bundle items of a set: [product number, quantity]. */
  suit?: Array<[string, number]>;
}

export interface DemoCatalogue {
  products: DemoCatalogueItem[];
  treatments: DemoCatalogueItem[];
}

/**
 * Where the platform serves the demo pictures (demo-pictures.ts, routes/demo-picture-routes.ts);
 * the seed writes each item's `pic` as `<the platform's base address><path>/<file>`.
 */
export const DEMO_PICTURE_PATH = '/demo/catalogue';

/** The file name of an item's picture. */
export function demoPictureFile(customId: string): string {
  return `${customId.toLowerCase()}.png`;
}

/** The `pic` of a demo item on a platform reached at `baseUrl`. */
export function demoPictureUrl(baseUrl: string, customId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${DEMO_PICTURE_PATH}/${demoPictureFile(customId)}`;
}

/** The address the seed is given when none is known (validation in tests): the platform's default port. */
const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
const SHOP = 'https://shop.lumen-demo.example';
const SGD: PriceUnitId = 11;

function tr(zh: LangEntry, ar: LangEntry): Record<string, LangEntry> {
  return { 'zh-Hans': zh, ar };
}

const PRIMARY: DemoCatalogue = {
  products: [
    { custom_id: 'P1001', category_id: 1, name: 'Balancing Toner', sub_title: 'Rebalances after cleansing', price_unit: SGD, price: 32, link: `${SHOP}/p1001`,
      problem: { oil: [3, 4], pore: [2, 3] }, label: 'balancing,daily', nurse_stage: 1, instruction: 'Sweep over the face with a cotton pad, morning and evening.',
      lang_data: tr({ name: '平衡爽肤水', sub_title: '洁面后平衡肌肤', label: '平衡,日常', instruction: '早晚用化妆棉轻拭全脸。' },
        { name: 'تونر موازن', sub_title: 'يعيد توازن البشرة بعد التنظيف', label: 'موازن,يومي', instruction: 'امسحي الوجه بقطنة صباحاً ومساءً.' }),
      links: { SG001: null } },
    { custom_id: 'P1002', category_id: 2, name: 'Barrier Repair Lotion', sub_title: 'Ceramides and squalane', price_unit: SGD, price: 48.5, link: `${SHOP}/p1002`,
      problem: { sensitive: [3, 4], water: [3] }, label: 'repair,gentle', nurse_stage: 1,
      lang_data: tr({ name: '屏障修护乳液', sub_title: '神经酰胺与角鲨烷', label: '修护,温和' }, { name: 'لوشن إصلاح الحاجز', sub_title: 'سيراميدات وسكوالان', label: 'إصلاح,لطيف' }) },
    { custom_id: 'P1003', category_id: 3, name: 'Hyaluronic Hydrating Serum', sub_title: 'Three weights of hyaluronic acid', price_unit: SGD, price: 68, link: `${SHOP}/p1003`,
      problem: { water: [3, 4], skin_glow: ['3', '4'] }, label: 'hydrating,bestseller', nurse_stage: 1, instruction: 'Apply two drops to damp skin before moisturiser.',
      lang_data: tr({ name: '玻尿酸保湿精华', sub_title: '三重分子玻尿酸', label: '保湿,热销', instruction: '洁面后取两滴涂抹于微湿肌肤。' },
        { name: 'سيروم الترطيب بالهيالورونيك', sub_title: 'ثلاثة أوزان من حمض الهيالورونيك', label: 'مرطب,رائج', instruction: 'ضعي قطرتين على بشرة رطبة قبل المرطب.' }),
      links: { SG001: `${SHOP}/orchard/p1003` } },
    { custom_id: 'P1004', category_id: 4, name: 'Ceramide Night Cream', sub_title: 'Overnight barrier support', price_unit: SGD, price: 79, link: `${SHOP}/p1004`,
      problem: { wrinkle: [2, 3], firmness: [3, 4] }, label: 'night,repair', nurse_stage: 1, sold_at: ['SG001', 'SG002'],
      lang_data: tr({ name: '神经酰胺晚霜', sub_title: '夜间屏障养护', label: '夜间,修护' }, { name: 'كريم ليلي بالسيراميد', sub_title: 'دعم حاجز البشرة طوال الليل', label: 'ليلي,إصلاح' }) },
    { custom_id: 'P1005', category_id: 5, name: 'Caffeine Eye Contour Gel', sub_title: 'Cools and de-puffs', price_unit: SGD, price: 45, link: `${SHOP}/p1005`,
      problem: { black_rim_of_eye: [2, 3], eye_bags: [1, 2, 3] }, label: 'eyes', nurse_stage: 2,
      lang_data: tr({ name: '咖啡因眼部凝胶', sub_title: '清凉消肿', label: '眼部' }, { name: 'جل محيط العين بالكافيين', sub_title: 'يبرّد ويخفف الانتفاخ', label: 'العين' }) },
    { custom_id: 'P1006', category_id: 6, name: 'Gentle Amino Cleanser', sub_title: 'Low-foam, pH 5.5', price_unit: SGD, price: 28, link: `${SHOP}/p1006`,
      problem: { blackhead: [2, 3], oil: [3] }, label: 'gentle,daily', nurse_stage: 1,
      lang_data: tr({ name: '温和氨基酸洁面', sub_title: '低泡，pH 5.5', label: '温和,日常' }, { name: 'منظف لطيف بالأحماض الأمينية', sub_title: 'رغوة خفيفة، درجة الحموضة 5.5', label: 'لطيف,يومي' }) },
    { custom_id: 'P1007', category_id: 7, name: 'Daily Mineral Sunscreen SPF50', sub_title: 'Zinc oxide, no white cast', price_unit: SGD, price: 36, link: `${SHOP}/p1007`,
      problem: { speckle: [2, 3, 4] }, label: 'spf50,daily', nurse_stage: 1,
      lang_data: tr({ name: '日常物理防晒霜 SPF50', sub_title: '氧化锌，不泛白', label: '防晒,日常' }, { name: 'واقي شمس معدني يومي SPF50', sub_title: 'أكسيد الزنك، بلا أثر أبيض', label: 'حماية,يومي' }) },
    { custom_id: 'P1008', category_id: 8, name: 'Clarifying Spot Patches', sub_title: 'Hydrocolloid, 36 patches', price_unit: SGD, price: 18, link: `${SHOP}/p1008`,
      problem: { acne: [1, 2] }, label: 'acne', nurse_stage: 2,
      lang_data: tr({ name: '净痘贴', sub_title: '水胶体，36片', label: '祛痘' }, { name: 'لصقات البثور المنقية', sub_title: 'هيدروكولويد، 36 لصقة', label: 'حب الشباب' }) },
    { custom_id: 'P1009', category_id: 9, name: 'Hydration Ritual Set', sub_title: 'Toner, serum and night cream', price_unit: SGD, price: 159, link: `${SHOP}/p1009`,
      problem: { water: [3, 4] }, label: 'set,gift', suit: [['P1001', 1], ['P1003', 1], ['P1004', 1]],
      lang_data: tr({ name: '保湿护理套装', sub_title: '爽肤水、精华与晚霜', label: '套装,礼盒' }, { name: 'مجموعة طقوس الترطيب', sub_title: 'تونر وسيروم وكريم ليلي', label: 'مجموعة,هدية' }) },
    { custom_id: 'P1010', category_id: 10, name: 'Soothing Sheet Mask', sub_title: 'Centella, box of 5', price_unit: SGD, price: 25, link: `${SHOP}/p1010`,
      problem: { sensitive: [2, 3] }, label: 'soothing', nurse_stage: 2,
      lang_data: tr({ name: '舒缓面膜', sub_title: '积雪草，5片装', label: '舒缓' }, { name: 'قناع ورقي مهدئ', sub_title: 'سنتيلا، علبة من 5 أقنعة', label: 'مهدئ' }) },
    { custom_id: 'P1011', category_id: 3, name: 'Retinol Renewal Serum', sub_title: 'Discontinued formula', price_unit: SGD, price: 72, status: -1,
      problem: { wrinkle: [3, 4] }, label: 'renewal', ages: [25, 70],
      lang_data: tr({ name: '视黄醇焕新精华', sub_title: '已停产配方', label: '焕新' }, { name: 'سيروم التجديد بالريتينول', sub_title: 'تركيبة متوقفة', label: 'تجديد' }) },
    { custom_id: 'P1012', category_id: 3, name: 'Vitamin C Brightening Serum', sub_title: '15% ascorbic acid', price_unit: SGD, price: 88, link: `${SHOP}/p1012`,
      problem: { speckle: [2, 3], skin_glow: [3, 4] }, label: 'brighten', nurse_stage: 2, sold_at: ['SG001'], user_level: 'gold,platinum',
      lang_data: tr({ name: '维C亮肤精华', sub_title: '15% 抗坏血酸', label: '亮肤' }, { name: 'سيروم التفتيح بفيتامين سي', sub_title: 'حمض الأسكوربيك 15%', label: 'تفتيح' }),
      links: { SG001: `${SHOP}/orchard/p1012` } },
    { custom_id: 'P1013', category_id: 1, name: 'Orchard Signature Toner', sub_title: 'Made for the flagship', price_unit: SGD, price: 40, source: 1, sold_at: ['SG001'],
      problem: { pore: [2] }, label: 'exclusive',
      lang_data: tr({ name: '乌节招牌爽肤水', sub_title: '旗舰店专属', label: '独家' }, { name: 'تونر أورتشارد المميز', sub_title: 'حصري للمتجر الرئيسي', label: 'حصري' }) },
  ],
  treatments: [
    { custom_id: 'T2001', name: 'Hydra Infusion Facial', sub_title: '60 minutes, deep hydration', price_unit: SGD, price: 168, link: `${SHOP}/t2001`,
      problem: { water: [3, 4], skin_glow: [3, 4] }, label: 'hydrating,facial', nurse_stage: 1, goods_attributes_code: 'HYDRATE', user_level: 'gold',
      instruction: 'Book 24 hours ahead; avoid exfoliation the day before.',
      lang_data: tr({ name: '水光注氧护理', sub_title: '60分钟深层补水', label: '补水,护理', instruction: '请提前24小时预约；护理前一天请勿去角质。' },
        { name: 'علاج الوجه بالترطيب العميق', sub_title: '60 دقيقة من الترطيب العميق', label: 'ترطيب,عناية', instruction: 'احجزي قبل 24 ساعة، وتجنبي التقشير في اليوم السابق.' }),
      links: { SG001: `${SHOP}/orchard/t2001` } },
    { custom_id: 'T2002', name: 'Blue Light Acne Therapy', sub_title: 'Six-session course', price_unit: SGD, price: 480, link: `${SHOP}/t2002`,
      problem: { acne: [1, 2, 3] }, label: 'acne,course', nurse_stage: 1, goods_attributes_code: 'ACNE,SOOTHE', ages: [16, 60],
      lang_data: tr({ name: '蓝光祛痘疗程', sub_title: '六次疗程', label: '祛痘,疗程' }, { name: 'علاج حب الشباب بالضوء الأزرق', sub_title: 'دورة من ست جلسات', label: 'حب الشباب,دورة' }) },
    { custom_id: 'T2003', name: 'Express Brightening Peel', sub_title: '20 minutes', price_unit: SGD, price: 98, source: 1,
      problem: { speckle: [2, 3] }, label: 'peel', nurse_stage: 2,
      lang_data: tr({ name: '快速焕亮焕肤', sub_title: '20分钟', label: '焕肤' }, { name: 'تقشير سريع للإشراق', sub_title: '20 دقيقة', label: 'تقشير' }) },
    { custom_id: 'T2004', name: 'Microcurrent Lift', sub_title: 'Paused while the device is serviced', price_unit: SGD, price: 220, status: -1,
      problem: { firmness: [3, 4], nasolabial_folds: ['3', '4'] }, label: 'lifting',
      lang_data: tr({ name: '微电流提拉', sub_title: '设备维护期间暂停', label: '提拉' }, { name: 'شد الوجه بالتيار الدقيق', sub_title: 'متوقف أثناء صيانة الجهاز', label: 'شد' }) },
    { custom_id: 'T2005', name: 'LED Calm Therapy', sub_title: 'For reactive skin', price_unit: SGD, price: 120, source: 1, sold_at: ['SG001'],
      problem: { sensitive: [3, 4] }, label: 'calming', nurse_stage: 2,
      lang_data: tr({ name: 'LED舒缓护理', sub_title: '适合敏感肌', label: '舒缓' }, { name: 'علاج التهدئة بضوء LED', sub_title: 'للبشرة الحساسة', label: 'تهدئة' }),
      links: { SG001: null } },
  ],
};

const HKD: PriceUnitId = 6;
const SECOND: DemoCatalogue = {
  products: [
    { custom_id: 'P1001', category_id: 1, name: '保濕爽膚水', sub_title: '清爽保濕', price_unit: HKD, price: 260, problem: { water: [3] }, label: '保濕',
      lang_data: { en: { name: 'Moisture Toner', sub_title: 'Light hydration', label: 'hydrating' } }, links: { HK001: 'https://shop.harbour-demo.example/central/p1001' } },
    { custom_id: 'P3002', category_id: 4, name: '修護面霜', sub_title: '屏障修護', price_unit: HKD, price: 420, problem: { sensitive: [3, 4] },
      lang_data: { en: { name: 'Repair Cream', sub_title: 'Barrier repair' } } },
  ],
  treatments: [
    { custom_id: 'T2001', name: '水光導入療程', sub_title: '45分鐘', price_unit: HKD, price: 880, problem: { water: [3, 4] }, lang_data: { en: { name: 'Aqua Infusion', sub_title: '45 minutes' } } },
    { custom_id: 'T3001', name: '舒敏護理', sub_title: '敏感肌專用', price_unit: HKD, price: 680, source: 1, problem: { sensitive: [4] } },
  ],
};

const CNY: PriceUnitId = 0;
const MAINLAND: DemoCatalogue = {
  products: [
    { custom_id: 'P5001', category_id: 6, name: '氨基酸洁面乳', sub_title: '温和清洁', price_unit: CNY, price: 129, problem: { oil: [3] }, lang_data: { en: { name: 'Amino Acid Cleanser', sub_title: 'Gentle cleansing' } } },
  ],
  treatments: [
    { custom_id: 'T5001', name: '光子嫩肤', sub_title: '改善肤色', price_unit: CNY, price: 1280, problem: { speckle: [2, 3] }, lang_data: { en: { name: 'IPL Rejuvenation', sub_title: 'Evens the skin tone' } } },
  ],
};

/** By merchant name, as demo-tenants.ts names them. */
export const DEMO_CATALOGUES: Readonly<Record<string, DemoCatalogue>> = {
  'Lumen Skin Studio': PRIMARY,
  'Harbour Derma Bar': SECOND,
  'Shanghai Skin Lab': MAINLAND,
};

/**
 * The create request of a demo item: what an integrator would send to POST
 * /open_api/merchant/{products,treatments}, with the picture on the platform at `baseUrl`.
 */
export function demoCreateItem(item: DemoCatalogueItem, baseUrl: string = DEFAULT_BASE_URL): Record<string, unknown> {
  const { source: _s, status: _st, sold_at: _so, links: _l, suit, ages, ...fields } = item;
  return {
    ...fields,
    pic: demoPictureUrl(baseUrl, item.custom_id),
    ...(ages ? { age_limit: 1, min_age: ages[0], max_age: ages[1] } : {}),
    ...(suit ? { suit_custom_id: suit.map(([customId, quantity]) => ({ custom_id: customId, quantity })) } : {}),
  };
}

function valid<T>(checked: Checked<T>, customId: string): T {
  if (!checked.ok) throw new Error(`demo catalogue item ${customId} is invalid: ${checked.failure.message}`);
  return checked.value;
}

/**
 * Seeds the demo catalogues of the group's merchants, inside the caller's seeding transaction
 * (`tx`). Each item goes through the protocol validators first, so the demo data obeys every rule
 * an integrator's data must obey. Pictures point at this platform (`baseUrl`, its public address).
 */
export async function seedDemoCatalogue(tx: SqlExecutor, groupId: number, now: number, baseUrl: string): Promise<void> {
  const q = new CatalogueQueries(tx);
  for (const merchant of await new MerchantRepository(tx).listOfGroup(groupId)) {
    const catalogue = DEMO_CATALOGUES[merchant.name];
    if (!catalogue) continue;
    const stores = await q.findStores(merchant.id, namedStores(catalogue));
    const storeId = (customId: string): number => {
      const store = stores.get(customId);
      if (!store) throw new Error(`demo catalogue names unknown store ${customId}`);
      return store.id;
    };
    for (const [kind, items] of [['product', catalogue.products], ['treatment', catalogue.treatments]] as const) {
      for (const item of items) {
        const request = demoCreateItem(item, baseUrl);
        const fields: CatalogueFields = kind === 'product' ? valid(checkProductCreateItem(request), item.custom_id) : valid(checkTreatmentCreateItem(request), item.custom_id);
        const id = await q.insertItem({
          price_unit: 0, price_cents: 0, ...columnValues(fields), merchant_id: merchant.id, kind, custom_id: item.custom_id,
          source: item.source ?? 2, status: item.status ?? 1, sell_type: item.sold_at ? 2 : 1, created_at: now, updated_at: now,
        });
        if (id === undefined) throw new Error(`demo catalogue lists ${kind} ${item.custom_id} twice`);
        await q.replaceSaleStores(merchant.id, id, (item.sold_at ?? []).map(storeId));
        const links = Object.entries(item.links ?? {}).map(([store, link]) => ({ storeId: storeId(store), linkType: link === null ? 0 : 1, link: link ?? '' }));
        await q.upsertLinks(merchant.id, id, links, now);
        const bundle = [];
        for (const [customId, quantity] of item.suit ?? []) {
          const product = await q.findItemRef(merchant.id, 'product', customId);
          if (!product) throw new Error(`demo set ${item.custom_id} names unknown product ${customId}`);
          bundle.push({ productId: product.id, quantity });
        }
        await q.insertBundle(merchant.id, id, bundle);
      }
    }
  }
}

/** Every store number a demo catalogue names (sale stores and links), to look them up at once. */
function namedStores(catalogue: DemoCatalogue): string[] {
  return [...catalogue.products, ...catalogue.treatments].flatMap((item) => [...(item.sold_at ?? []), ...Object.keys(item.links ?? {})]);
}
