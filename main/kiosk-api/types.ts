/**
 * The kiosk API as the renderer sees it: types only (DESIGN.md: the renderer imports nothing of
 * main but these). Every method returns a Promise of its result; failures reject with KioskApiError.
 */
import type { z } from 'zod';
import type { kioskApiContract, KioskMethod, uiMessageSchema } from './contract.ts';

export type { KioskMethod } from './contract.ts';

export type KioskInput<M extends KioskMethod> = z.input<(typeof kioskApiContract)[M]['input']>;
export type KioskOutput<M extends KioskMethod> = z.output<(typeof kioskApiContract)[M]['output']>;

export type KioskApi = { readonly [M in KioskMethod]: (input: KioskInput<M>) => Promise<KioskOutput<M>> };

/** How a failed call reaches the renderer (runtime-free, shared with main's transport: D-036). */
export type { KioskApiErrorShape, KioskErrorCode } from '../../common/kiosk/api-error.ts';

export type SessionView = KioskOutput<'getSession'>;
export type Report = KioskOutput<'getReport'>;
export type ReportEmail = KioskOutput<'sendReportEmail'>;
export type Status = KioskOutput<'getStatus'>;
export type Settings = KioskOutput<'getSettings'>;
export type History = KioskOutput<'getHistory'>;
export type StandingResult = KioskOutput<'getStanding'>;
export type Customer = KioskOutput<'registerCustomer'>;

/** A sentence from main as a message key and parameters (contract uiMessageSchema, messages.ts). */
export type UiMessage = z.output<typeof uiMessageSchema>;
export type MessageKey = UiMessage['key'];
