/**
 * Staff hand the kiosk back to the customer: they started a customer's session from the staff
 * area, or chose the customer in the search on the customer's screen, or closed that search.
 * What staff unlocked and searched must not stay open to the customer in front of the kiosk
 * (who could otherwise open the search without a PIN and choose someone else, whose history
 * the report would then compare): the search is emptied and every operator area asks for its
 * PIN again (D-134).
 */
import { useKioskStore } from '../stores/kiosk/store.ts';
import { useStaffStore } from '../stores/staff/store.ts';

export function staffDone(): void {
  useStaffStore.getState().reset();
  useKioskStore.getState().lockOperatorAreas();
}
