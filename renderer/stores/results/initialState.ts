import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { History, Report, StandingResult } from '../../../main/kiosk-api/types.ts';
import type { CallFailure } from '../../lib/kiosk.ts';

export type View = Report['dimensions'][number]['annotations'][number]['view'];
export type Light = NonNullable<Report['dimensions'][number]['annotations'][number]['light']>;

/** The results screen: the report, the customer's history, and what the viewer shows. */
export interface ResultsState {
  sessionId: string | null;
  customerId: string | null;
  report: Report | null;
  history: History | null;
  error: CallFailure | null;
  /**
   * Where the customer stands among the merchant's customers of their age band (D-066): null
   * while it is asked; `available: false` when it cannot be had (offline, refused).
   */
  standing: StandingResult | null;
  /** The dimension whose annotation and history are shown; null = overall. */
  dimension: DimensionId | null;
  /** The customer or staff chose a dimension (or "all"): stop choosing one for them. */
  dimensionChosen: boolean;
  view: View;
  light: Light | null;
  /** Plain capture image when no annotation exists for the choice: object URL. */
  fallbackImage: { key: string; url: string | null } | null;
}

export const initialResultsState: ResultsState = {
  sessionId: null,
  customerId: null,
  report: null,
  history: null,
  error: null,
  standing: null,
  dimension: null,
  dimensionChosen: false,
  view: 'front',
  light: null,
  fallbackImage: null,
};
