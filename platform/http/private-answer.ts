/**
 * Headers of an answer that holds a customer's data under an address that is its own credential
 * (a report page, a face photo, an analysis output): kept in no cache, a browser's included, so
 * the next person on a shared phone or at the kiosk finds nothing, and never sent on as a
 * referrer (R-021, D-137).
 */
export const PRIVATE_ANSWER_HEADERS = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' } as const;
