/**
 * The kiosk API: the one contract between the renderer and the main-process services (STYLE.md:
 * One contract per boundary). Each method has an input and an output schema; main validates
 * every input that arrives over IPC or the browser-host connection with them, and the renderer
 * sees only the inferred types (types.ts). Method names appear nowhere else as strings.
 */
import { z } from 'zod';
import { CUSTOMER_LIMITS, isBirthday } from '../../common/kiosk/customer-rules.ts';
import { CANCEL_REASONS } from '../capture/session-types.ts';
import { bytes, empty, id, lang, light, skinConditionSchema, uiMessageSchema, view } from './schema-parts.ts';
import { faceOutlineSchema, historySchema, REPORT_EMAIL_STATES, reportEmailSchema, reportSchema, standingSchema, syncStageSchema } from './report-schemas.ts';

export * from './report-schemas.ts';
export { skinConditionSchema, uiMessageSchema } from './schema-parts.ts';

export const roleSchema = z.enum(['staff', 'technician']);

/**
 * Seconds untouched before a screen warns and returns to idle, per kind of screen (D-046). The
 * technician saves 15..3600; `--idle-seconds` may launch with as little as 3 (tests).
 */
const idleSecondsSchema = z.object({
  customer: z.number().int().min(3).max(3600),
  results: z.number().int().min(3).max(3600),
  operator: z.number().int().min(3).max(3600),
});

export const statusSchema = z.object({
  mode: z.enum(['electron', 'browser']),
  version: z.string(),
  device: z.object({
    profile: z.enum(['multi_light', 'single_camera']),
    views: z.array(view),
    lights: z.array(light),
    simulated: z.boolean(),
    camera: z.enum(['simulated', 'renderer']),
  }),
  platform: z.object({ baseUrl: z.string(), region: z.enum(['cn', 'overseas']), reachable: z.boolean(), clockSkewMs: z.number().nullable() }),
  languages: z.object({ default: lang, list: z.array(lang) }),
  sync: z.object({ pending: z.number().int(), failed: z.number().int(), lastSuccessAt: z.number().nullable() }),
  /** A session holding the device (capturing, faulted, in review): the screen resumes it after a reload. */
  openSessionId: z.string().nullable(),
  /** Every screen reads its timeout here: getSettings is technician-only. */
  idleSeconds: idleSecondsSchema,
});

export const consentClauseSchema = z.object({
  id: z.string(),
  kind: z.enum(['user_agreement', 'personal_information', 'marketing']),
  required: z.boolean(),
  title: z.string(),
  text: z.string(),
});

/** Limits shared with the renderer's form (common/kiosk/customer-rules.ts, D-048). */
export const customerInputSchema = z.object({
  name: z.string().trim().min(1).max(CUSTOMER_LIMITS.nameMax),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  birthday: z.union([z.literal(''), z.string().refine((text) => isBirthday(text), 'a past day of the calendar as YYYY-MM-DD')]).default(''),
  phoneCc: z.number().int().min(CUSTOMER_LIMITS.phoneCcMin).max(CUSTOMER_LIMITS.phoneCcMax).default(65),
  phoneNumber: z
    .string()
    .regex(new RegExp(`^\\d{${CUSTOMER_LIMITS.phoneDigitsMin},${CUSTOMER_LIMITS.phoneDigitsMax}}$`))
    .or(z.literal(''))
    .default(''),
  email: z.union([z.literal(''), z.string().email().max(CUSTOMER_LIMITS.emailMax)]).default(''),
  customId: z.string().max(CUSTOMER_LIMITS.customIdMax).default(''),
});

export const customerSchema = customerInputSchema.extend({
  /** As stored: customers registered before D-130 may hold a day the input rule now refuses, and must still be listed. */
  birthday: z.string(),
  id,
  agreeClauseIds: z.array(z.string()),
  rejectClauseIds: z.array(z.string()),
  createdAt: z.number(),
  /** The customer's finished sessions (capture confirmed) this kiosk holds, newest first (D-134). */
  sessionIds: z.array(id),
});

export const crmCustomerSchema = z.object({
  customId: z.string(),
  name: z.string(),
  gender: z.number().int(),
  birthday: z.string().optional(),
  phoneCc: z.number().int(),
  phoneNumber: z.string(),
  email: z.string().optional(),
});

export const guidanceCodeSchema = z.enum([
  'no_face', 'move_closer', 'move_back', 'centre_face', 'turn_left', 'turn_right', 'tilt_up', 'tilt_down',
  'straighten_head', 'remove_glasses', 'open_eyes', 'too_dark', 'too_bright', 'blurry', 'hold_still',
]);

/** What the capture screen shows: the state, the step, the guidance, the shots taken. */
export const sessionViewSchema = z.object({
  id,
  state: z.enum(['consent', 'customer', 'live', 'countdown', 'capturing', 'fault', 'review', 'done', 'cancelled']),
  customerId: id.nullable(),
  skinCondition: skinConditionSchema.nullable(),
  views: z.array(z.object({ view, lights: z.array(light) })),
  /**
   * The view and light being worked on. While capturing, `step` says whether the light is still
   * being switched and settled (set_light) or the still is awaited (shoot); `stillToken` is set
   * only while main waits for the renderer camera's still of this shot, which submitStill must
   * carry back (docs/ui.md, "Capture loop").
   */
  current: z.object({ view, light: light.nullable(), step: z.enum(['set_light', 'shoot']).nullable(), stillToken: z.string().nullable() }).nullable(),
  guidance: z.object({ ok: z.boolean(), issues: z.array(guidanceCodeSchema) }).nullable(),
  /** The live face, normalised 0..1 to the preview frame, for the face guide overlay. */
  face: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number(), yaw: z.number(), pitch: z.number(), roll: z.number() }).nullable(),
  countdownMs: z.number().nullable(),
  shots: z.array(z.object({ view, light, captureId: id })),
  fault: z.object({ code: z.string(), message: z.string() }).nullable(),
  /**
   * The customer's previous finished session's face outline for the current view (repeat visit),
   * a polygon normalised 0..1 to the preview frame, to match the pose.
   */
  previousOutline: z.array(z.tuple([z.number(), z.number()])).nullable(),
  /**
   * The oval the face should fill, normalised 0..1 to the preview frame: the very geometry the
   * size and centre rules were judged by (D-060). Null before the first checked frame.
   */
  target: z.object({ cx: z.number(), cy: z.number(), rx: z.number(), ry: z.number() }).nullable(),
  /**
   * Set once live guidance has made no progress for autoCapture.helpAfterMs (D-060): the rule not
   * met, and for the size rule the face's width against the accepted range (shares of the frame width).
   */
  help: z
    .object({
      issue: guidanceCodeSchema,
      faceRatio: z.number().nullable(),
      minFaceRatio: z.number(),
      maxFaceRatio: z.number(),
    })
    .nullable(),
});

/**
 * What became of a session on the staff list (D-048): still in progress; ended without a capture
 * to send (declined consent, cancelled, incomplete after a restart); or confirmed and on its way
 * (queued offline, uploading, analysing), synced, or failed: its sync gave up, the one thing the
 * Diagnostics and the status pill count as failed.
 */
export const SESSION_STATUSES = ['in_progress', 'declined', 'cancelled', 'timed_out', 'incomplete', 'queued_offline', 'uploading', 'analysing', 'synced', 'failed'] as const;
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

export const sessionRowSchema = z.object({
  id,
  /** The customer of the session (null before one was chosen), for the report's history chart. */
  customerId: id.nullable(),
  customerName: z.string(),
  createdAt: z.number(),
  state: z.string(),
  /** What became of it, in one word for staff (main/kiosk/session-status.ts). */
  status: sessionStatusSchema,
  stage: syncStageSchema,
  /** Why the sync failed or waits, null when nothing went wrong. */
  lastError: uiMessageSchema.nullable(),
  /**
   * The report link e-mail the customer asked for (D-067), null when none was asked for; with
   * the mail server's last answer (e.g. "550 mailbox unavailable") for staff to read out.
   */
  email: z.object({ state: z.enum(REPORT_EMAIL_STATES).exclude(['offered']), serverReply: z.string().nullable() }).nullable(),
});

/** The health checks a technician reads (getDiagnostics), in this order. */
export const DIAGNOSTIC_CHECKS = [
  'camera', 'lights', 'calibration', 'models', 'disk', 'platform', 'clock', 'credentials', 'sync_queue', 'store', 'catalogue', 'secrets', 'pins', 'platform_deletions', 'report_email', 'settings',
] as const;

export const diagnosticsSchema = z.object({
  checks: z.array(z.object({ name: z.enum(DIAGNOSTIC_CHECKS), ok: z.boolean(), detail: uiMessageSchema })),
});

export const lightSettingsSchema = z.object({
  port: z.string(),
  baudRate: z.number().int().positive(),
  settleMs: z.number().int().min(0).max(5000),
  commands: z.record(z.string(), z.string()),
});

const calibrationSchema = z.object({ exposure: z.number(), gains: z.tuple([z.number(), z.number(), z.number()]) });

export const settingsSchema = z.object({
  profile: z.enum(['multi_light', 'single_camera']),
  lights: z.array(light),
  camera: z.object({ source: z.enum(['simulated', 'renderer']), deviceId: z.string(), width: z.number().int(), height: z.number().int() }),
  lightController: z.object({ kind: z.enum(['simulated', 'serial']), serial: lightSettingsSchema.nullable() }),
  platform: z.object({ region: z.enum(['cn', 'overseas']), cnBaseUrl: z.string(), overseasBaseUrl: z.string(), appId: z.string(), storeCustomId: z.string(), hasSecret: z.boolean() }),
  calibration: z.record(z.string(), calibrationSchema),
  /**
   * Camera mounting: the pitch (degrees, chin up positive) a customer looking at the screen shows
   * because the camera sits above (negative) or below eye level; guidance measures pitch from it.
   */
  pitchOffset: z.number().min(-30).max(30),
  retentionDays: z.number().int().min(1).max(3650),
  idleSeconds: idleSecondsSchema,
});

/** Method name -> input and output schema. `privileged` methods need a PIN session of that role. */
export const kioskApiContract = {
  getStatus: { input: empty, output: statusSchema },
  getConsentClauses: { input: z.object({ lang }), output: z.object({ clauses: z.array(consentClauseSchema) }) },

  createSession: { input: empty, output: sessionViewSchema },
  submitConsent: { input: z.object({ sessionId: id, agreedClauseIds: z.array(z.string()), rejectedClauseIds: z.array(z.string()) }), output: sessionViewSchema },
  /**
   * A new customer with this visit's consent. A mobile number another customer has (on this kiosk
   * or in the merchant's CRM) answers conflict on `customer.phoneNumber` unless
   * `sharedPhoneConfirmed` (D-131).
   */
  registerCustomer: {
    input: z.object({ customer: customerInputSchema, agreedClauseIds: z.array(z.string()), rejectedClauseIds: z.array(z.string()), sharedPhoneConfirmed: z.boolean().default(false) }),
    output: customerSchema,
  },
  chooseCustomer: { input: z.object({ sessionId: id, customerId: id, skinCondition: skinConditionSchema }), output: sessionViewSchema },
  getSession: { input: z.object({ sessionId: id }), output: sessionViewSchema },
  /** A preview frame from the renderer's camera (JPEG); answers the updated session. */
  submitFrame: { input: z.object({ sessionId: id, jpeg: bytes }), output: sessionViewSchema },
  /** The simulated device's current preview frame (JPEG), checked like a camera frame. */
  nextSimulatedFrame: { input: z.object({ sessionId: id }), output: z.object({ jpeg: bytes, session: sessionViewSchema }) },
  /**
   * A full-resolution still from the renderer's camera for the shot main waits for: the view,
   * light and stillToken of the session view (step shoot). Any other still answers conflict.
   */
  submitStill: { input: z.object({ sessionId: id, view, light, stillToken: id, jpeg: bytes }), output: sessionViewSchema },
  /** Staff override: capture the current view whatever the guidance says. */
  captureNow: { input: z.object({ sessionId: id }), output: sessionViewSchema },
  retake: { input: z.object({ sessionId: id, view, light: light.optional() }), output: sessionViewSchema },
  confirmCapture: { input: z.object({ sessionId: id }), output: sessionViewSchema },
  /** `reason`: the Cancel button (staff, the default) or the screen left until it returned to idle (D-077). */
  cancelSession: { input: z.object({ sessionId: id, reason: z.enum(CANCEL_REASONS).default('staff') }), output: sessionViewSchema },
  getCaptureImage: { input: z.object({ sessionId: id, view, light, maxSide: z.number().int().min(64).max(4096).default(800) }), output: z.object({ jpeg: bytes }) },
  /**
   * The face outline a session recorded for a view (normalised 0..1 to the frame), to align two
   * visits' photos (D-061); null when none was recorded (a session before outlines, a lost face).
   */
  getFaceOutline: { input: z.object({ sessionId: id, view }), output: z.object({ outline: faceOutlineSchema.nullable() }) },

  getReport: { input: z.object({ sessionId: id, lang }), output: reportSchema },
  /**
   * The customer's tap on "Send the link to my e-mail": their consent to one e-mail with the
   * report link to the address they registered, queued in the kiosk's outbox (D-067).
   */
  sendReportEmail: { input: z.object({ sessionId: id, lang }), output: reportEmailSchema },
  getHistory: { input: z.object({ customerId: id }), output: historySchema },
  /** The session's standing among the merchant's customers of the customer's age band (D-066); asks the platform. */
  getStanding: { input: z.object({ sessionId: id }), output: standingSchema },
  /** A recommendation's picture from the kiosk's catalogue cache (its `picture` key): works offline. */
  getCataloguePicture: { input: z.object({ key: z.string().regex(/^[0-9a-f]{64}$/) }), output: z.object({ bytes, contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/gif']) }) },

  verifyPin: { input: z.object({ role: roleSchema, pin: z.string().regex(/^\d{4,8}$/) }), output: z.object({ ok: z.boolean() }) },
  /** Drops every PIN role of this connection at once: the screen locked itself (back to idle). */
  lock: { input: empty, output: z.object({ ok: z.boolean() }) },
  searchCustomers: { input: z.object({ keyword: z.string().trim().min(1).max(100), page: z.number().int().min(1).default(1) }), output: z.object({ total: z.number().int(), local: z.array(customerSchema), crm: z.array(crmCustomerSchema), crmError: uiMessageSchema.nullable() }) },
  listSessions: { input: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() }), output: z.object({ sessions: z.array(sessionRowSchema), dailyCount: z.number().int() }) },
  retrySync: { input: z.object({ sessionId: id }), output: z.object({ ok: z.boolean() }) },
  deleteSession: { input: z.object({ sessionId: id }), output: z.object({ ok: z.boolean() }) },
  deleteCustomer: { input: z.object({ customerId: id }), output: z.object({ ok: z.boolean() }) },

  getSettings: { input: empty, output: settingsSchema },
  updateSettings: { input: z.object({ patch: settingsSchema.partial().extend({ appSecret: z.string().min(1).max(128).optional() }) }), output: settingsSchema },
  testLight: { input: z.object({ light }), output: z.object({ ok: z.boolean(), detail: uiMessageSchema }) },
  /**
   * Renderer camera: switches the light on and waits its settle time; answers the token with
   * which calibrateLight must bring the grey-card still taken while it is lit (the light goes off
   * by itself after a while if none comes).
   */
  startCalibration: { input: z.object({ light }), output: z.object({ light, token: id, expiresInMs: z.number().int() }) },
  /**
   * Measures a grey card under the light and saves exposure and white balance for it. With the
   * renderer camera: the still and the token of startCalibration. With main's own (simulated)
   * camera: neither; main switches the light on, waits, shoots, measures and switches it off.
   */
  calibrateLight: {
    input: z.object({ light, token: id.optional(), jpeg: bytes.optional() }),
    output: z.object({
      /** False when the still is refused as a grey card (D-060); `reason` and `detail` say why. */
      ok: z.boolean(),
      light,
      reason: z.enum(['face', 'too_dark', 'overexposed', 'not_filling', 'not_uniform', 'not_neutral']).nullable(),
      /** The correction proposed, not saved: saveCalibration with `proposal` saves it. */
      calibration: calibrationSchema.nullable(),
      proposal: id.nullable(),
      detail: uiMessageSchema,
      /** The still as checked (small JPEG), and with the correction applied when one is proposed. */
      before: bytes,
      after: bytes.nullable(),
      /** Mean RGB (0..1) of the marked area, when it could be measured. */
      card: z.tuple([z.number(), z.number(), z.number()]).nullable(),
    }),
  },
  /** Saves the correction calibrateLight proposed and the technician looked at (D-060). */
  saveCalibration: { input: z.object({ light, proposal: id }), output: calibrationSchema },
  /**
   * The camera mounting's pitch, read on a person looking straight at the screen: the median
   * over preview frames of the renderer's camera (`jpegs`), or over frames of main's own
   * (simulated) camera. Nothing is saved: the technician saves it as settings pitchOffset.
   */
  measurePitch: {
    input: z.object({ jpegs: z.array(bytes).min(3).max(30).optional() }),
    output: z.object({ ok: z.boolean(), pitch: z.number().int().min(-30).max(30).nullable(), frames: z.number().int(), faces: z.number().int(), detail: uiMessageSchema }),
  },
  getDiagnostics: { input: empty, output: diagnosticsSchema },
  exportLogs: { input: empty, output: z.object({ fileName: z.string(), text: z.string() }) },
} as const;

export type KioskMethod = keyof typeof kioskApiContract;

/** Methods that need a verified PIN of a role in this kiosk API connection. */
export const PRIVILEGED: Readonly<Partial<Record<KioskMethod, z.infer<typeof roleSchema>>>> = {
  captureNow: 'staff',
  searchCustomers: 'staff',
  listSessions: 'staff',
  retrySync: 'staff',
  deleteSession: 'staff',
  deleteCustomer: 'staff',
  getSettings: 'technician',
  updateSettings: 'technician',
  testLight: 'technician',
  startCalibration: 'technician',
  calibrateLight: 'technician',
  saveCalibration: 'technician',
  measurePitch: 'technician',
  getDiagnostics: 'technician',
  exportLogs: 'technician',
};
