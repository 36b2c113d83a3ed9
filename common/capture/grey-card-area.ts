/**
 * Where the grey card must be held for a light calibration: the centre of the picture, as shares
 * of its width and height. Main measures this area (main/kiosk/grey-card-check.ts) and the
 * technician's preview marks it (D-060), so both speak of the same rectangle. Runtime-free.
 */
export const GREY_CARD_AREA = { left: 0.3, top: 0.3, width: 0.4, height: 0.4 } as const;
