/// <reference types="vite/client" />
/**
 * DEV-ONLY: an in-browser KioskApi with canned data, so the renderer's screens can be looked at
 * (and screenshotted in every state) without the main process. The e2e tests do NOT use it: they
 * run against the real browser host (npm start -- --headless). Scenario from the page query:
 * ?camera=renderer (use getUserMedia), ?offline=1 (report queued until ?offline is cleared by
 * `window.__harness.goOnline()`), ?repeat=1 (previous outline on capture), ?face=off (outline
 * mismatch), ?state=countdown|fault (freeze the capture in that state).
 */
import { DIMENSIONS, DIMENSION_IDS, levelName, type DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { caveatName, notMeasuredReason } from '../../../protocol/enums/measurement-limits.ts';
import type { MeasurementLimit } from '../../../protocol/skin-api/task-result.ts';
import { PRICE_UNITS, type PriceUnitId } from '../../../protocol/enums/price-units.ts';
import { uiMessage } from '../../../main/kiosk-api/messages.ts';
import type { Customer, KioskApi, KioskOutput, Report, SessionView } from '../../../main/kiosk-api/types.ts';
import faceUrl from '../../fixtures/faces/sample6-frontal.jpg';

const query = new URLSearchParams(location.search);
const scenario = {
  camera: query.get('camera') === 'renderer' ? ('renderer' as const) : ('simulated' as const),
  offline: query.get('offline') === '1',
  repeat: query.get('repeat') === '1',
  faceOff: query.get('face') === 'off',
  freeze: query.get('state'),
  lang: (query.get('langs') ?? 'en,zh-Hans,ar,ja,fr').split(',') as LanguageCode[],
};

let online = !scenario.offline;
(window as unknown as { __harness: unknown }).__harness = { goOnline: () => (online = true), goOffline: () => (online = false) };

const faceJpeg: Promise<Uint8Array<ArrayBuffer>> = fetch(faceUrl).then(async (r) => new Uint8Array(await r.arrayBuffer()));

const customers = new Map<string, Customer>();
const sessions = new Map<string, { view: SessionView; ticks: number; confirmedAt: number | null; createdAt: number }>();
let ids = 0;
const nextId = (p: string) => `${p}-${String(++ids).padStart(4, '0')}`;

const VIEWS = ['front', 'left', 'right'] as const;
const LIGHTS = ['white', 'cross_polar', 'uv'] as const;

function outline(shift: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    pts.push([0.5 + shift + 0.17 * Math.cos(a), 0.47 + 0.3 * Math.sin(a)]);
  }
  return pts;
}

type Current = NonNullable<SessionView['current']>;

/** Live guidance on a view (no light yet). */
function viewing(view: Current['view']): Current {
  return { view, light: null, step: null, stillToken: null };
}

/** Main waits for the still of this view and light (the fake settles lights at once). */
function shooting(view: Current['view'], light: NonNullable<Current['light']>): Current {
  return { view, light, step: 'shoot', stillToken: nextId('still') };
}

function freshView(id: string): SessionView {
  return {
    id,
    state: 'consent',
    customerId: null,
    skinCondition: null,
    views: VIEWS.map((view) => ({ view, lights: [...LIGHTS] })),
    current: null,
    guidance: null,
    face: null,
    countdownMs: null,
    shots: [],
    fault: null,
    previousOutline: null,
    target: null,
    help: null,
  };
}

function session(id: string) {
  const s = sessions.get(id);
  if (!s) throw Object.assign(new Error('no such session'), { code: 'not_found' });
  return s;
}

/** Advances a session one step per preview frame: guidance, countdown, shots, next view. */
function advance(id: string): SessionView {
  const s = session(id);
  const v = s.view;
  s.ticks++;
  if (scenario.freeze === 'fault' && v.state === 'live' && s.ticks > 2) {
    s.view = { ...v, state: 'fault', fault: { code: 'port_vanished', message: 'Light controller on /dev/ttyUSB0 disappeared (USB unplugged or power lost). Check the cable, then retry.' } };
    return s.view;
  }
  if (v.state === 'live') {
    const issues: NonNullable<SessionView['guidance']>['issues'] =
      s.ticks < 3 ? ['move_closer', 'turn_left', 'remove_glasses'] : s.ticks < 5 ? ['turn_left'] : [];
    const ok = issues.length === 0;
    const shift = scenario.faceOff ? 0.12 : 0;
    s.view = {
      ...v,
      guidance: { ok, issues },
      face: { left: 0.33 + shift, top: 0.2, width: 0.34, height: 0.56, yaw: 2, pitch: 1, roll: 0 },
      previousOutline: scenario.repeat ? outline(0) : null,
      ...(ok && s.ticks > 6 ? { state: 'countdown' as const, countdownMs: 1500 } : {}),
    };
    return s.view;
  }
  if (v.state === 'countdown') {
    if (scenario.freeze === 'countdown') return v;
    s.view = { ...v, state: 'capturing', countdownMs: null, current: shooting(v.current?.view ?? 'front', 'white') };
    return s.view;
  }
  if (v.state === 'capturing' && v.current) {
    const { view } = v.current;
    const light = v.current.light ?? 'white';
    const shots = [...v.shots.filter((x) => !(x.view === view && x.light === light)), { view, light, captureId: nextId('cap') }];
    const li = LIGHTS.indexOf(light as (typeof LIGHTS)[number]);
    if (li < LIGHTS.length - 1) s.view = { ...v, shots, current: shooting(view, LIGHTS[li + 1] ?? 'white') };
    else {
      const vi = VIEWS.indexOf(view);
      const nextView = VIEWS.slice(vi + 1).find((nv) => !shots.some((x) => x.view === nv));
      s.ticks = 0;
      s.view = nextView ? { ...v, shots, state: 'live', current: viewing(nextView), guidance: null } : { ...v, shots, state: 'review', current: null, guidance: null, face: null };
    }
    return s.view;
  }
  return v;
}

const EXPLAIN: Partial<Record<DimensionId, string>> = {
  pore: 'Visible pores on the nose and cheeks, measured from shadows in the cross-polarised image.',
  speckle: 'Brown spots and uneven pigment, mostly on the cheekbones.',
  wrinkle: 'Fine lines around the eyes and on the forehead.',
  acne: 'Active spots and redness, counted in the UV and cross-polarised images.',
  water: 'Surface hydration estimated from skin texture and shine.',
  oil: 'Shine in the T-zone from the parallel-polarised image.',
  sensitive: 'Redness that suggests reactive skin.',
  black_rim_of_eye: 'Darkness under the eyes compared with the cheek.',
  blackhead: 'Dark clogged pores on the nose.',
  skin_glow: 'How evenly the skin reflects light.',
};

/** The fake analysis could not measure oil (white light only) nor crow's feet (photo too far away). */
const NOT_MEASURED: readonly [DimensionId, MeasurementLimit][] = [
  ['oil', 'light'],
  ['crows_feet', 'resolution'],
];

function report(id: string, lang: LanguageCode): Report {
  const s = session(id);
  const age = s.confirmedAt === null ? 0 : Date.now() - s.confirmedAt;
  const stage: Report['stage'] = !online ? 'queued_offline' : age < 1500 ? 'uploading' : age < 3000 ? 'analysing' : 'ready';
  const chosen: DimensionId[] = ['pore', 'speckle', 'wrinkle', 'acne', 'water', 'sensitive', 'black_rim_of_eye', 'blackhead', 'skin_glow'];
  const dims = chosen.map((d, i) => {
    const levels = DIMENSIONS[d].levels;
    const level = levels[Math.min(levels.length - 1, (i * 7) % levels.length)]?.id ?? 0;
    const score = [62.5, 48, 71, 83.5, 55, 39.5, 77, 66, 58, 74][i] ?? 60;
    return {
      dimension: d,
      name: DIMENSIONS[d].name[lang === 'zh-Hans' ? 'zh-Hans' : 'en'],
      level,
      levelName: levelName(d, level, lang) ?? String(level),
      score,
      explanation: EXPLAIN[d] ?? '',
      annotations: i < 4 ? VIEWS.flatMap((view) => LIGHTS.map((light) => ({ view, light, url: faceUrl, marks: [] }))) : [],
      // D-033: one measured dimension made less certain, as make-up would.
      caveats: d === 'speckle' ? [{ reason: 'makeup' as const, name: caveatName('makeup', lang) }] : [],
    };
  });
  // D-033: dimensions the analysis could not measure, shown with the reason and no score.
  const notMeasured = NOT_MEASURED.map(([d, reason]) => ({ dimension: d, name: DIMENSIONS[d].name[lang === 'zh-Hans' ? 'zh-Hans' : 'en'], reason, reasonText: notMeasuredReason(reason, lang) }));
  const answerOf = (d: DimensionId) => {
    const found = dims.find((x) => x.dimension === d);
    return { dimension: d, name: found?.name ?? d, level: found?.level ?? 1, levelName: found?.levelName ?? '' };
  };
  const product = (n: number, name: string, unit: PriceUnitId, price: number, answers: DimensionId[]) => ({
    kind: n % 3 === 2 ? ('treatment' as const) : ('product' as const),
    customId: `P-${n}`,
    name,
    subTitle: n % 3 === 2 ? '60 min · in store' : '50 ml',
    pic: '',
    picture: null,
    price,
    priceUnit: unit,
    priceSymbol: PRICE_UNITS[unit].symbol,
    answers: answers.map(answerOf),
    why: { ...answerOf(answers[0]!), score: dims.find((x) => x.dimension === answers[0])?.score ?? 50 },
    link: `https://shop.example.com/p/${n}`,
    rank: n,
  });
  return {
    sessionId: id,
    stage,
    progress: stage === 'ready' ? 1 : stage === 'analysing' ? 0.7 : stage === 'uploading' ? 0.35 : 0.1,
    stageDetail:
      stage === 'queued_offline'
        ? uiMessage('sync.offline', { total: 9 })
        : stage === 'uploading'
          ? uiMessage('sync.uploading', { done: 4, total: 9 })
          : stage === 'analysing'
            ? uiMessage('sync.analysing')
            : uiMessage('sync.ready'),
    taskId: stage === 'ready' ? 'task-7f3a' : null,
    createdAt: s.createdAt,
    skinCondition: s.view.skinCondition,
    overallScore: stage === 'ready' ? 64.5 : null,
    dimensions: stage === 'ready' ? dims : [],
    notMeasured: stage === 'ready' ? notMeasured : [],
    recommendations:
      stage === 'ready'
        ? [product(1, 'Pore Refining Serum', 0, 268, ['pore', 'blackhead']), product(2, 'Hydra Barrier Cream', 0, 359.5, ['water']), product(3, 'Brightening Peel', 0, 880, ['speckle']), product(4, 'Daily Sun Fluid SPF50', 2, 34.9, ['speckle', 'wrinkle'])]
        : [],
    shareUrl: stage === 'ready' ? `http://127.0.0.1:8080/ext/r/${id}?sig=abc123` : null,
    shareExpiresAt: stage === 'ready' ? Date.now() + 7 * 24 * 3600_000 : null,
    // The harness has no mail server: no e-mail is offered (D-067).
    email: null,
  };
}

const day = 24 * 3600_000;

/** This visit did not measure oil (NOT_MEASURED), so its history point has no oil score. */
function withoutOil(scores: Record<string, number>): Record<string, number> {
  const { oil: _oil, ...rest } = scores;
  return rest;
}

export function createFakeKioskApi(): KioskApi {
  const api: { [M in keyof KioskApi]: KioskApi[M] } = {
    async getStatus() {
      return {
        mode: 'browser',
        version: '0.1.0-harness',
        device: { profile: 'multi_light', views: [...VIEWS], lights: [...LIGHTS], simulated: scenario.camera === 'simulated', camera: scenario.camera },
        platform: { baseUrl: 'http://127.0.0.1:8080', region: 'overseas', reachable: online, clockSkewMs: online ? 42 : null },
        openSessionId: null,
        idleSeconds: { customer: 90, results: 120, operator: 120 },
        languages: { default: scenario.lang[0] ?? 'en', list: scenario.lang },
        sync: { pending: online ? 0 : 1, failed: 0, lastSuccessAt: Date.now() - 60_000 },
      };
    },
    async getConsentClauses({ lang }) {
      const zh = lang === 'zh-Hans';
      return {
        clauses: [
          { id: 'ua-2024-1', kind: 'user_agreement', required: true, title: zh ? '用户协议' : 'User agreement', text: zh ? '使用本设备即表示您同意……（示例文本）' : 'By using this station you agree that the photos taken are used to produce your skin report. (Sample text.)' },
          { id: 'pi-2024-3', kind: 'personal_information', required: true, title: zh ? '个人信息保护政策' : 'Personal information protection', text: zh ? '我们仅在生成报告所需的范围内处理您的个人信息……' : 'We process your personal information only as far as needed for the report; photos are kept for 30 days on this kiosk. (Sample text.)' },
          { id: 'mk-2024-1', kind: 'marketing', required: false, title: zh ? '资讯与优惠' : 'News and offers', text: zh ? '接收门店的新品与优惠信息。' : 'Receive news and offers from this store. (Sample text.)' },
        ],
      };
    },
    async createSession() {
      const id = nextId('ses');
      sessions.set(id, { view: freshView(id), ticks: 0, confirmedAt: null, createdAt: Date.now() });
      return session(id).view;
    },
    async submitConsent({ sessionId, agreedClauseIds }) {
      const s = session(sessionId);
      s.view = { ...s.view, state: agreedClauseIds.length >= 2 ? 'customer' : 'cancelled' };
      return s.view;
    },
    async registerCustomer({ customer, agreedClauseIds, rejectedClauseIds }) {
      const c: Customer = {
        id: nextId('cus'),
        name: customer.name,
        gender: customer.gender ?? 0,
        birthday: customer.birthday ?? '',
        phoneCc: customer.phoneCc ?? 65,
        phoneNumber: customer.phoneNumber ?? '',
        email: customer.email ?? '',
        customId: customer.customId ?? '',
        agreeClauseIds: agreedClauseIds,
        rejectClauseIds: rejectedClauseIds,
        createdAt: Date.now(),
        sessionIds: scenario.repeat ? ['ses-old-1', 'ses-old-2'] : [],
      };
      customers.set(c.id, c);
      return c;
    },
    async chooseCustomer({ sessionId, customerId, skinCondition }) {
      const s = session(sessionId);
      s.ticks = 0;
      s.view = { ...s.view, state: 'live', customerId, skinCondition, current: viewing('front') };
      return s.view;
    },
    async getSession({ sessionId }) {
      // The simulated device shoots by itself in main; here each poll takes the next shot.
      const s = session(sessionId);
      return s.view.state === 'capturing' && scenario.camera === 'simulated' ? advance(sessionId) : s.view;
    },
    async submitFrame({ sessionId }) {
      await new Promise((r) => setTimeout(r, 120));
      return advance(sessionId);
    },
    async nextSimulatedFrame({ sessionId }) {
      await new Promise((r) => setTimeout(r, 120));
      return { jpeg: await faceJpeg, session: advance(sessionId) };
    },
    async submitStill({ sessionId }) {
      return advance(sessionId);
    },
    async captureNow({ sessionId }) {
      const s = session(sessionId);
      s.view = { ...s.view, state: 'capturing', current: shooting(s.view.current?.view ?? 'front', 'white') };
      return s.view;
    },
    async retake({ sessionId, view }) {
      const s = session(sessionId);
      s.ticks = 0;
      s.view = { ...s.view, state: 'live', fault: null, current: viewing(view), shots: s.view.shots.filter((x) => x.view !== view) };
      return s.view;
    },
    async confirmCapture({ sessionId }) {
      const s = session(sessionId);
      s.confirmedAt = Date.now();
      s.view = { ...s.view, state: 'done' };
      return s.view;
    },
    async cancelSession({ sessionId }) {
      const s = session(sessionId);
      s.view = { ...s.view, state: 'cancelled' };
      return s.view;
    },
    async getCaptureImage() {
      return { jpeg: await faceJpeg };
    },
    async getFaceOutline() {
      return { outline: null };
    },
    async getReport({ sessionId, lang }) {
      return report(sessionId, lang);
    },
    async sendReportEmail() {
      throw Object.assign(new Error('This kiosk has no mail server set up, so it cannot send e-mails.'), { code: 'conflict' });
    },
    async getHistory() {
      const now = Date.now();
      const scores = (a: number): Record<string, number> => Object.fromEntries(DIMENSION_IDS.slice(0, 10).map((d, i) => [d, Math.max(0, Math.min(100, a + ((i * 13) % 17) - 8))]));
      return {
        points: [
          { sessionId: 'ses-old-1', createdAt: now - 60 * day, skinCondition: 'clean', scores: scores(55), notMeasured: {} },
          { sessionId: 'ses-old-2', createdAt: now - 30 * day, skinCondition: 'fresh_makeup', scores: scores(63), notMeasured: {} },
          { sessionId: 'ses-now', createdAt: now, skinCondition: 'clean', scores: withoutOil({ ...scores(61), pore: 62.5, speckle: 48, wrinkle: 71, acne: 83.5 }), notMeasured: Object.fromEntries(NOT_MEASURED) },
        ],
        noiseBand: Object.fromEntries(DIMENSION_IDS.map((d) => [d, 3.5])),
      };
    },
    async getStanding() {
      // The fake has no platform and no other customers to compare with: as a kiosk offline.
      return { available: false as const };
    },
    async getCataloguePicture() {
      // The fake catalogue has no stored pictures: the screens show their placeholders.
      throw Object.assign(new Error('no such picture'), { code: 'not_found' });
    },
    async verifyPin({ pin }) {
      return { ok: pin === '1234' || pin === '9876' };
    },
    async searchCustomers({ keyword }) {
      const local = [...customers.values()].filter((c) => c.name.toLowerCase().includes(keyword.toLowerCase()));
      return {
        total: local.length + 1,
        local,
        crm: [{ customId: 'CRM-00417', name: `${keyword} Tan`, gender: 2, phoneCc: 65, phoneNumber: '91234567', email: 'mei@example.com' }],
        crmError: null,
      };
    },
    async listSessions() {
      const rows: KioskOutput<'listSessions'>['sessions'] = [...sessions.values()].map((s) => ({
        id: s.view.id,
        customerId: s.view.customerId,
        customerName: customers.get(s.view.customerId ?? '')?.name ?? '',
        createdAt: s.createdAt,
        state: s.view.state,
        status: s.view.state === 'cancelled' ? 'cancelled' : s.confirmedAt === null ? 'in_progress' : online ? 'synced' : 'queued_offline',
        stage: s.confirmedAt === null ? 'capturing' : online ? 'ready' : 'queued_offline',
        lastError: null,
        email: null,
      }));
      rows.push({ id: 'ses-x1', customerId: null, customerName: 'Ana Lim', createdAt: Date.now() - 3600_000, state: 'done', status: 'synced', stage: 'ready', lastError: null, email: null });
      rows.push({ id: 'ses-x2', customerId: null, customerName: 'Ben Koh', createdAt: Date.now() - 7200_000, state: 'done', status: 'failed', stage: 'failed', lastError: uiMessage('failure.no_face'), email: null });
      rows.push({ id: 'ses-x3', customerId: null, customerName: '王芳', createdAt: Date.now() - 9000_000, state: 'done', status: 'queued_offline', stage: 'queued_offline', lastError: null, email: null });
      return { sessions: rows, dailyCount: rows.length };
    },
    async retrySync() {
      return { ok: true };
    },
    async deleteSession({ sessionId }) {
      sessions.delete(sessionId);
      return { ok: true };
    },
    async deleteCustomer({ customerId }) {
      customers.delete(customerId);
      return { ok: true };
    },
    async getSettings() {
      return settings;
    },
    async updateSettings({ patch }) {
      const { appSecret, ...rest } = patch;
      settings = { ...settings, ...rest, platform: { ...settings.platform, ...(rest.platform ?? {}), hasSecret: settings.platform.hasSecret || Boolean(appSecret) } };
      return settings;
    },
    async testLight({ light }) {
      await new Promise((r) => setTimeout(r, 300));
      return { ok: true, detail: uiMessage('light.ok', { light }) };
    },
    async startCalibration({ light }) {
      return { light, token: nextId('cal'), expiresInMs: 20_000 };
    },
    async calibrateLight({ light }) {
      const calibration = { exposure: 1.04, gains: [1.02, 1, 0.97] as [number, number, number] };
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
      return { ok: true, light, reason: null, calibration, proposal: nextId('proposal'), detail: uiMessage('calibration.proposed'), before: jpeg, after: jpeg, card: [0.45, 0.46, 0.47] as [number, number, number] };
    },
    async saveCalibration({ light }) {
      const result = { exposure: 1.04, gains: [1.02, 1, 0.97] as [number, number, number] };
      settings = { ...settings, calibration: { ...settings.calibration, [light]: result } };
      return result;
    },
    async lock() {
      return { ok: true };
    },
    async measurePitch() {
      const counts = { frames: 5, faces: 5 };
      return { ok: true, pitch: -6, ...counts, detail: uiMessage('pitch.measured', { pitch: -6, ...counts }) };
    },
    async getDiagnostics() {
      return {
        checks: [
          { name: 'camera', ok: true, detail: uiMessage('diag.camera_simulated') },
          { name: 'lights', ok: true, detail: uiMessage('diag.lights_ok', { controller: 'simulated', lights: LIGHTS.join(',') }) },
          { name: 'calibration', ok: true, detail: uiMessage('diag.calibration_ok', { lights: LIGHTS.filter((l) => l !== 'uv').join(',') }) },
          { name: 'models', ok: true, detail: uiMessage('diag.models_ok') },
          { name: 'disk', ok: true, detail: uiMessage('diag.disk_ok', { free: '41.2', total: '64.0' }) },
          {
            name: 'platform',
            ok: online,
            detail: online
              ? uiMessage('diag.platform_ok', { address: 'http://127.0.0.1:8080', ms: 12, region: 'overseas' })
              : uiMessage('diag.platform_down', { address: 'http://127.0.0.1:8080', detail: 'connection refused', region: 'overseas' }),
          },
          { name: 'clock', ok: true, detail: uiMessage('diag.clock_behind', { seconds: 0 }) },
          { name: 'sync_queue', ok: true, detail: uiMessage('diag.sync_queue', { pending: online ? 0 : 1, failed: 0, lastSuccessAt: Date.now() - 60_000 }) },
        ],
      };
    },
    async exportLogs() {
      return { fileName: 'kiosk-logs.txt', text: 'line 1\nline 2\n' };
    },
  };
  return api;
}

let settings: KioskOutput<'getSettings'> = {
  profile: 'multi_light',
  lights: [...LIGHTS],
  camera: { source: scenario.camera, deviceId: '', width: 1920, height: 1080 },
  lightController: { kind: 'simulated', serial: null },
  platform: { region: 'overseas', cnBaseUrl: 'https://cn.example.com', overseasBaseUrl: 'http://127.0.0.1:8080', appId: 'demo-app', storeCustomId: 'S001', hasSecret: true },
  calibration: { white: { exposure: 1, gains: [1, 1, 1] } },
  pitchOffset: 0,
  retentionDays: 30,
  idleSeconds: { customer: 90, results: 120, operator: 120 },
};
