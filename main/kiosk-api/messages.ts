/**
 * Sentences main hands to the screen (sync progress, staff's last error, CRM search failures,
 * diagnostics, light tests), language-neutral: a message key and its parameters, which the renderer translates
 * (renderer/i18n, `main.*`, English and Simplified Chinese complete); `text` is the English
 * sentence for logs, exports and command-line tools (docs/ui.md, "Texts from main").
 *
 * The English templates here are the reference: the renderer's English catalogue carries the
 * same sentences (test/unit/kiosk-shell/main-messages.test.ts keeps them equal). `{{name}}` is a
 * parameter. Parameters named `…At` are Unix ms times (ISO here, the local date and time on
 * screen); `light`, `lights` (comma-separated), `controller` and `region` carry ids the renderer
 * names in the screen's language; `detail` and `address` are technical texts (a path, a port, a
 * platform's message, an address) shown as they are.
 */
export const MESSAGE_TEXTS = {
  'sync.cancelled': 'The session was cancelled; nothing is analysed.',
  'sync.capturing': 'Capture in progress.',
  'sync.not_queued': 'Waiting to sync.',
  'sync.offline': 'Offline: the {{total}} photos are stored safely on this kiosk and will be analysed when the platform is reachable again.',
  'sync.uploading': 'Uploading photos ({{done}} of {{total}}).',
  'sync.analysis_queued': 'Waiting for the analysis to start.',
  'sync.analysing': 'Analysing the photos.',
  'sync.ready': 'The report is ready.',
  'sync.ready_submitting': 'The report is ready; it is being sent to the merchant.',

  'failure.unreachable': 'The platform cannot be reached ({{detail}}); the kiosk keeps trying by itself.',
  'failure.merchant_invalid': 'The platform refused the app credentials (44098): check the app id and app secret in Settings, and that the app belongs to this merchant.',
  'failure.store_not_found': 'The platform does not know this store number (46202): check the store id in Settings.',
  'failure.account_not_found': 'The platform does not know the employee account (46206): check the account id in the kiosk configuration.',
  'failure.no_valid_order': 'The merchant has no valid Skin API order (45020): the merchant must renew it; analysis resumes by itself.',
  'failure.quota_exhausted': 'The merchant has used up its analysis quota (45021): the merchant must top it up; analysis resumes by itself.',
  'failure.clock_ahead': 'The kiosk clock is ahead of the platform clock (46209): set this computer to take its time automatically; the queue goes on by itself.',
  'failure.not_configured': 'The platform connection is not set up (app id, app secret or store id missing): a technician sets it in Settings.',
  'failure.capture_missing': 'A photo of this session is missing on the kiosk, so it cannot be uploaded: delete the session and take the photos again.',
  'failure.capture_corrupt': 'A photo of this session was altered on disk after it was taken, so it cannot be uploaded: delete the session and take the photos again.',
  'failure.captures_incomplete': 'This session lacks photos its device needs: delete it and take the photos again.',
  'failure.image_download_failed': 'The platform could not download the photos (45101); retry.',
  'failure.image_unreadable': 'The platform could not read the photos (45102): take them again.',
  'failure.no_face': 'The analysis found no face in the photos (45103): take them again.',
  'failure.image_quality': 'The photos are too dark, blurred or off-pose to analyse (45104): take them again.',
  'failure.analysis_timeout': 'The analysis took too long (45105); retry.',
  'failure.analysis_failed': 'The analysis failed on the platform (45199); retry.',
  'failure.refused': 'The platform refused this work ({{code}}): {{detail}}',
  'failure.retrying': 'A temporary problem ({{code}}: {{detail}}); the kiosk retries by itself.',

  'crm.platform_unreachable': 'The CRM search is not available while the platform is unreachable; local results are shown.',
  'crm.not_configured': 'The merchant has no CRM search configured.',
  'crm.timeout': 'The merchant CRM did not answer within 5 seconds; local results are shown. Search again in a moment; if it keeps happening, the merchant should check their CRM.',
  'crm.bad_answer': 'The merchant CRM answered something that is not a customer list; local results are shown. The merchant must fix their CRM search answer.',
  'crm.unreachable': 'The merchant CRM could not be reached (it refused the call or answered with an error); local results are shown. The merchant should check that their CRM is running.',
  'crm.refused': 'The CRM search failed ({{code}}): {{detail}}',
  'crm.protocol': 'The platform answered the CRM search with something unexpected; local results are shown.',
  'crm.local': 'The CRM search failed on the kiosk: {{detail}}',

  'light.busy': 'A capture session is using the device; finish or cancel it first.',
  'light.ok': 'Switched on, settled and off again.',
  'light.failed': 'The light did not switch ({{code}}): {{detail}}',

  'diag.camera_simulated': 'Open: the simulated camera (stored face photos, lights synthesised).',
  'diag.camera_renderer': 'Open: the camera of the kiosk window (getUserMedia), frames checked as they come.',
  'diag.camera_window_ok': 'The kiosk window opened {{detail}} and it delivers {{width}}×{{height}} pictures.',
  'diag.camera_window_failed': 'The kiosk window cannot get pictures from the camera: {{detail}}',
  'diag.device_problem': 'Not open ({{code}}): {{detail}}',
  'diag.not_open': 'Not open.',
  'diag.lights_ok': '{{controller}} light controller; lights: {{lights}}.',
  'diag.calibration_ok': 'Every light but UV (stored as captured) is corrected against the grey card: {{lights}}.',
  'diag.calibration_missing': 'Not calibrated: {{lights}} ({{calibrated}} of {{total}} lights calibrated). Their photos are stored as the camera delivers them, so colour readings can differ from other units: calibrate them in the Calibration tab.',
  'diag.models_ok': 'Face check models loaded and answering.',
  'diag.models_failed': 'Face check unavailable: {{detail}}',
  'diag.disk_ok': '{{free}} GiB free of {{total}} GiB.',
  'diag.disk_low': '{{free}} GiB free of {{total}} GiB: free some space, captures need room.',
  'diag.disk_error': 'Free space unknown: {{detail}}',
  'diag.platform_ok': '{{address}} answered in {{ms}} ms (region {{region}}).',
  'diag.platform_error': '{{address}} answered with a server error (HTTP {{status}}) in {{ms}} ms (region {{region}}): the platform or a proxy in front of it is failing.',
  'diag.platform_down': '{{address}} did not answer: {{detail}} (region {{region}}).',
  'diag.platform_unset': 'No platform address is configured.',
  'diag.clock_ahead': 'The kiosk clock is {{seconds}} s ahead of the platform.',
  'diag.clock_behind': 'The kiosk clock is {{seconds}} s behind the platform.',
  'diag.clock_ahead_bad': 'The kiosk clock is {{seconds}} s ahead of the platform: set the time (NTP); signed calls fail beyond 300 s.',
  'diag.clock_behind_bad': 'The kiosk clock is {{seconds}} s behind the platform: set the time (NTP); signed calls fail beyond 300 s.',
  'diag.credentials_ok': 'The platform accepted the app credentials.',
  'diag.credentials_unchecked': 'Not checked: the platform is unreachable.',
  'diag.sync_queue': 'Sessions waiting: {{pending}}; failed: {{failed}}; last synced {{lastSuccessAt}}.',
  'diag.sync_queue_never': 'Sessions waiting: {{pending}}; failed: {{failed}}; never synced yet.',
  'diag.store': 'Database check: {{detail}}; captures missing or altered on disk: {{flagged}}.',
  'diag.catalogue': 'Refreshed {{refreshedAt}}; {{pictures}} of {{items}} product pictures stored on this kiosk.',
  'diag.catalogue_never': 'Never read from the platform: recommendations are empty until it is.',
  'diag.secrets_keychain': 'The app secret is kept in the OS keychain.',
  'diag.secrets_file': 'The app secret is stored unencrypted in a file only the kiosk user can read (no OS keychain outside Electron): protect the data directory.',
  'diag.secrets_weak': 'The app secret is not protected by an OS keychain: {{detail}}',
  'diag.pins_ok': 'Staff and technician PINs are configured.',
  'diag.pins_demo': 'The demo PINs are in use: set staff and technician PIN hashes in the kiosk configuration.',
  'diag.deletions_none': 'No deletion request is waiting for the platform.',
  'diag.deletions_pending': 'Deletion requests not yet confirmed by the platform: {{count}}; the kiosk sends them (POST /device_api/deletions) as soon as it is reachable.',
  'pitch.measured': 'Measured {{pitch}}° from {{faces}} of {{frames}} frames: save to use it as the camera mounting offset.',
  'pitch.no_face': 'No face in enough frames ({{faces}} of {{frames}}): sit in front of the kiosk, look straight at the screen and measure again.',
  'pitch.not_facing': 'The head was turned (yaw {{yaw}}°, roll {{roll}}°): face the screen squarely, head level, and measure again.',
  'pitch.out_of_range': 'The measured pitch ({{pitch}}°) is beyond ±{{limit}}°: the camera is mounted too far above or below eye level to correct.',

  'calibration.proposed': 'A grey card: check the picture after the correction, then save it or calibrate again.',
  'calibration.face': 'Refused: there is a face in the marked area, not a grey card. Hold the grey card so it fills the marked area, with nobody in front of it.',
  'calibration.too_dark': 'Refused: the marked area is too dark to measure. Check that the light is on and the card is in front of the camera.',
  'calibration.overexposed': 'Refused: the marked area is overexposed ({{clipped}} % clipped to white). Move the card back or lower the camera exposure.',
  'calibration.not_filling': 'Refused: the card does not fill the marked area (its edge shows something else). Hold the card closer or centre it.',
  'calibration.not_uniform': 'Refused: the marked area is not even ({{spread}} % brightness difference, {{texture}} % texture). A grey card is plain and matt: hold it flat, without glare, shadow or print.',
  'calibration.not_neutral': 'Refused: the marked area is coloured (its channels differ by {{spread}} %), not grey. Use the grey card, not a coloured or white surface.',
  'diag.email_off': 'No mail server is configured: the report link is not offered by e-mail.',
  'diag.email': 'Mail server {{server}}: e-mails waiting: {{pending}}; refused by the server: {{failed}}; possibly delivered and not resent: {{uncertain}}.',
  'diag.email_login': 'Mail server {{server}} refused this kiosk ({{detail}}): check email.smtp (user, password, security) in the kiosk configuration; e-mails waiting for it: {{pending}}.',
  'diag.settings': 'Store {{store}}; photos kept {{days}} days.',
} as const;

export type MessageKey = keyof typeof MESSAGE_TEXTS;
export const MESSAGE_KEYS = Object.keys(MESSAGE_TEXTS) as [MessageKey, ...MessageKey[]];

export type MessageParams = Readonly<Record<string, string | number>>;

export interface UiMessageValue {
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly text: string;
}

/** The message with its English sentence filled in. */
export function uiMessage(key: MessageKey, params: MessageParams = {}): UiMessageValue {
  return { key, params, text: englishText(key, params) };
}

export function englishText(key: MessageKey, params: MessageParams): string {
  return MESSAGE_TEXTS[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return name.endsWith('At') && typeof value === 'number' ? new Date(value).toISOString() : String(value);
  });
}
