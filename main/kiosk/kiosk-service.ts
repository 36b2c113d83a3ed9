/**
 * The kiosk API (main/kiosk-api/contract.ts) implemented over the main-process services. Thin:
 * each method parses its input with the contract's schema (defaults applied; the transport has
 * already refused bad input) and delegates to the component that owns the work. Role checks for
 * PRIVILEGED methods are the transport's, per connection; verifyPin gives it the answer.
 */
import type { z } from 'zod';
import { kioskApiContract } from '../kiosk-api/contract.ts';
import type { KioskApi, KioskInput, KioskMethod, KioskOutput } from '../kiosk-api/types.ts';
import type { KioskStore } from '../store/kiosk-store.ts';
import type { SyncEngine } from '../sync/engine.ts';
import type { Admin } from './admin.ts';
import { consentClauses } from './consent-clauses.ts';
import type { Customers } from './customers.ts';
import { invalid } from './errors.ts';
import type { LightCalibration } from './light-calibration.ts';
import { pinMatches } from './pins.ts';
import type { Role } from './pins.ts';
import type { ReportEmails } from './report-email.ts';
import type { Reports } from './reports.ts';
import type { SessionController } from './session-controller.ts';
import type { SettingsControl } from './settings-control.ts';
import type { Standing } from './standing.ts';
import type { StatusSource } from './status.ts';
import type { Technician } from './technician.ts';

export interface KioskServiceParts {
  readonly store: KioskStore;
  readonly engine: SyncEngine;
  readonly sessions: SessionController;
  readonly customers: Customers;
  readonly reports: Reports;
  readonly standing: Standing;
  readonly reportEmails: ReportEmails;
  readonly admin: Admin;
  readonly settings: SettingsControl;
  readonly technician: Technician;
  readonly calibration: LightCalibration;
  readonly status: StatusSource;
  /** scrypt hashes per role (main/kiosk/pins.ts). */
  readonly pinHashes: Readonly<Record<Role, string>>;
}

type Parsed<M extends KioskMethod> = z.output<(typeof kioskApiContract)[M]['input']>;

function parse<M extends KioskMethod>(method: M, input: KioskInput<M>): Parsed<M> {
  const result = kioskApiContract[method].input.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(result.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; '), issue?.path.join('.'));
  }
  return result.data as Parsed<M>;
}

export class KioskService implements KioskApi {
  constructor(private readonly parts: KioskServiceParts) {}

  async getStatus(_input?: KioskInput<'getStatus'>): Promise<KioskOutput<'getStatus'>> {
    return { ...this.parts.status.status(), openSessionId: this.parts.sessions.openSessionId() };
  }

  async getConsentClauses(input: KioskInput<'getConsentClauses'>): Promise<KioskOutput<'getConsentClauses'>> {
    return { clauses: consentClauses(parse('getConsentClauses', input).lang) };
  }

  async createSession(_input?: KioskInput<'createSession'>): Promise<KioskOutput<'createSession'>> {
    return this.parts.sessions.createSession();
  }

  async submitConsent(input: KioskInput<'submitConsent'>): Promise<KioskOutput<'submitConsent'>> {
    const { sessionId, agreedClauseIds, rejectedClauseIds } = parse('submitConsent', input);
    return this.parts.sessions.submitConsent(sessionId, agreedClauseIds, rejectedClauseIds);
  }

  async registerCustomer(input: KioskInput<'registerCustomer'>): Promise<KioskOutput<'registerCustomer'>> {
    const { customer, agreedClauseIds, rejectedClauseIds, sharedPhoneConfirmed } = parse('registerCustomer', input);
    return this.parts.customers.register(customer, agreedClauseIds, rejectedClauseIds, sharedPhoneConfirmed);
  }

  async chooseCustomer(input: KioskInput<'chooseCustomer'>): Promise<KioskOutput<'chooseCustomer'>> {
    const { sessionId, customerId, skinCondition } = parse('chooseCustomer', input);
    return this.parts.sessions.chooseCustomer(sessionId, customerId, skinCondition);
  }

  async getSession(input: KioskInput<'getSession'>): Promise<KioskOutput<'getSession'>> {
    return this.parts.sessions.view(parse('getSession', input).sessionId);
  }

  async submitFrame(input: KioskInput<'submitFrame'>): Promise<KioskOutput<'submitFrame'>> {
    const { sessionId, jpeg } = parse('submitFrame', input);
    return this.parts.sessions.submitFrame(sessionId, jpeg);
  }

  async nextSimulatedFrame(input: KioskInput<'nextSimulatedFrame'>): Promise<KioskOutput<'nextSimulatedFrame'>> {
    return this.parts.sessions.nextSimulatedFrame(parse('nextSimulatedFrame', input).sessionId);
  }

  async submitStill(input: KioskInput<'submitStill'>): Promise<KioskOutput<'submitStill'>> {
    const { sessionId, view, light, stillToken, jpeg } = parse('submitStill', input);
    return this.parts.sessions.submitStill(sessionId, view, light, stillToken, jpeg);
  }

  async captureNow(input: KioskInput<'captureNow'>): Promise<KioskOutput<'captureNow'>> {
    return this.parts.sessions.captureNow(parse('captureNow', input).sessionId);
  }

  async retake(input: KioskInput<'retake'>): Promise<KioskOutput<'retake'>> {
    const { sessionId, view, light } = parse('retake', input);
    return this.parts.sessions.retake(sessionId, view, light);
  }

  async confirmCapture(input: KioskInput<'confirmCapture'>): Promise<KioskOutput<'confirmCapture'>> {
    return this.parts.sessions.confirmCapture(parse('confirmCapture', input).sessionId);
  }

  async cancelSession(input: KioskInput<'cancelSession'>): Promise<KioskOutput<'cancelSession'>> {
    const { sessionId, reason } = parse('cancelSession', input);
    return this.parts.sessions.cancelSession(sessionId, reason);
  }

  async getCaptureImage(input: KioskInput<'getCaptureImage'>): Promise<KioskOutput<'getCaptureImage'>> {
    const { sessionId, view, light, maxSide } = parse('getCaptureImage', input);
    return { jpeg: await this.parts.sessions.captureImage(sessionId, view, light, maxSide) };
  }

  async getFaceOutline(input: KioskInput<'getFaceOutline'>): Promise<KioskOutput<'getFaceOutline'>> {
    const { sessionId, view } = parse('getFaceOutline', input);
    const outline = this.parts.store.faceOutline(sessionId, view);
    return { outline: outline ? { points: outline.points.map(([x, y]) => [x, y]), source: outline.source } : null };
  }

  async getReport(input: KioskInput<'getReport'>): Promise<KioskOutput<'getReport'>> {
    const { sessionId, lang } = parse('getReport', input);
    return this.parts.reports.report(sessionId, lang);
  }

  async sendReportEmail(input: KioskInput<'sendReportEmail'>): Promise<KioskOutput<'sendReportEmail'>> {
    const { sessionId, lang } = parse('sendReportEmail', input);
    return this.parts.reportEmails.request(sessionId, lang);
  }

  async getHistory(input: KioskInput<'getHistory'>): Promise<KioskOutput<'getHistory'>> {
    return this.parts.reports.history(parse('getHistory', input).customerId);
  }

  async getStanding(input: KioskInput<'getStanding'>): Promise<KioskOutput<'getStanding'>> {
    return this.parts.standing.of(parse('getStanding', input).sessionId);
  }

  async getCataloguePicture(input: KioskInput<'getCataloguePicture'>): Promise<KioskOutput<'getCataloguePicture'>> {
    return this.parts.reports.picture(parse('getCataloguePicture', input).key);
  }

  async verifyPin(input: KioskInput<'verifyPin'>): Promise<KioskOutput<'verifyPin'>> {
    const { role, pin } = parse('verifyPin', input);
    return { ok: pinMatches(pin, this.parts.pinHashes[role]) };
  }

  /** The roles are the transport's (dispatch drops them); nothing of the services is locked. */
  async lock(_input?: KioskInput<'lock'>): Promise<KioskOutput<'lock'>> {
    return { ok: true };
  }

  /** For a transport that asks "which role does this PIN open": technician first (it covers staff). */
  verifiedRole(pin: string): Role | null {
    if (pinMatches(pin, this.parts.pinHashes.technician)) return 'technician';
    return pinMatches(pin, this.parts.pinHashes.staff) ? 'staff' : null;
  }

  async searchCustomers(input: KioskInput<'searchCustomers'>): Promise<KioskOutput<'searchCustomers'>> {
    const { keyword, page } = parse('searchCustomers', input);
    return this.parts.customers.search(keyword, page);
  }

  async listSessions(input: KioskInput<'listSessions'>): Promise<KioskOutput<'listSessions'>> {
    return this.parts.admin.listSessions(parse('listSessions', input).day);
  }

  async retrySync(input: KioskInput<'retrySync'>): Promise<KioskOutput<'retrySync'>> {
    return { ok: this.parts.admin.retrySync(parse('retrySync', input).sessionId) };
  }

  async deleteSession(input: KioskInput<'deleteSession'>): Promise<KioskOutput<'deleteSession'>> {
    const { sessionId } = parse('deleteSession', input);
    const row = this.parts.store.getSession(sessionId);
    if (row && row.state !== 'done' && row.state !== 'cancelled') this.parts.sessions.cancelSession(sessionId);
    await this.parts.admin.deleteSession(sessionId);
    return { ok: true };
  }

  async deleteCustomer(input: KioskInput<'deleteCustomer'>): Promise<KioskOutput<'deleteCustomer'>> {
    const { customerId } = parse('deleteCustomer', input);
    for (const { id } of this.parts.store.openSessions(customerId)) this.parts.sessions.cancelSession(id);
    await this.parts.admin.deleteCustomer(customerId);
    return { ok: true };
  }

  async getSettings(_input?: KioskInput<'getSettings'>): Promise<KioskOutput<'getSettings'>> {
    return this.parts.settings.view();
  }

  async updateSettings(input: KioskInput<'updateSettings'>): Promise<KioskOutput<'updateSettings'>> {
    return this.parts.settings.update(parse('updateSettings', input).patch);
  }

  async testLight(input: KioskInput<'testLight'>): Promise<KioskOutput<'testLight'>> {
    return this.parts.technician.testLight(parse('testLight', input).light);
  }

  async startCalibration(input: KioskInput<'startCalibration'>): Promise<KioskOutput<'startCalibration'>> {
    return this.parts.calibration.start(parse('startCalibration', input).light);
  }

  async calibrateLight(input: KioskInput<'calibrateLight'>): Promise<KioskOutput<'calibrateLight'>> {
    const { light, token, jpeg } = parse('calibrateLight', input);
    return this.parts.calibration.calibrate(light, token, jpeg);
  }

  async saveCalibration(input: KioskInput<'saveCalibration'>): Promise<KioskOutput<'saveCalibration'>> {
    const { light, proposal } = parse('saveCalibration', input);
    return this.parts.calibration.save(light, proposal);
  }

  async measurePitch(input: KioskInput<'measurePitch'>): Promise<KioskOutput<'measurePitch'>> {
    return this.parts.technician.measurePitch(parse('measurePitch', input).jpegs);
  }

  async getDiagnostics(_input?: KioskInput<'getDiagnostics'>): Promise<KioskOutput<'getDiagnostics'>> {
    return this.parts.technician.diagnostics();
  }

  async exportLogs(_input?: KioskInput<'exportLogs'>): Promise<KioskOutput<'exportLogs'>> {
    return this.parts.technician.exportLogs();
  }
}
