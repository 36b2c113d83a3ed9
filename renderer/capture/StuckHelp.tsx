import { useTranslation } from 'react-i18next';
import type { SessionView } from '../../main/kiosk-api/types.ts';
import type { ReactNode } from 'react';

interface Props {
  help: NonNullable<SessionView['help']>;
  /** The staff action offered with the help (StaffCaptureNow). */
  children: ReactNode;
}

/** Shares of the frame width as whole percents. */
const percent = (share: number) => Math.round(share * 100);

/**
 * After autoCapture.helpAfterMs of live guidance without progress (D-060): which rule is not met,
 * in words, with the measured face width for the size rules (a customer told "come closer" for
 * minutes deserves the number), and staff's help: ask at the counter, or staff take the photo.
 */
export function StuckHelp({ help, children }: Props) {
  const { t } = useTranslation();
  const size = help.issue === 'move_closer' || help.issue === 'move_back';
  return (
    <section className="stuck-help" role="status" data-testid="stuck-help" data-issue={help.issue}>
      <h2 className="stuck-title">{t('capture.help.title')}</h2>
      <p className="stuck-why" data-testid="stuck-why">
        {t(`capture.help.why.${help.issue}`)}
      </p>
      {size && help.faceRatio !== null && (
        <p className="stuck-measure" data-testid="stuck-measure">
          {t('capture.help.size', { face: percent(help.faceRatio), min: percent(help.minFaceRatio), max: percent(help.maxFaceRatio) })}
        </p>
      )}
      <p className="stuck-staff">{t('capture.help.staff')}</p>
      {children}
    </section>
  );
}
