import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { EmailLink } from './EmailLink.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { reportLinkIn } from '../../../common/kiosk/report-link.ts';
import { kioskSelectors } from '../../stores/kiosk/selectors.ts';
import { useKioskStore } from '../../stores/kiosk/store.ts';

/**
 * The report for the customer's phone: a QR code of the expiring read-only link the platform
 * serves (issue 8), and, when the merchant set up a mail server, the same link by e-mail on the
 * customer's tap (D-067).
 */
export function SharePanel({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <section className="card share" data-testid="share">
      <h2>{t('results.share')}</h2>
      <ShareBody report={report} size={260} />
    </section>
  );
}

/** The QR and its expiry, or why there is none yet; shared by the panel and the phone button's dialog. */
export function ShareBody({ report, size }: { report: Report; size: number }) {
  const { t } = useTranslation();
  const language = useKioskStore(kioskSelectors.language);
  // The e-mail goes under the QR, or alone while the link is on its way (it is sent once it exists).
  if (!report.shareUrl) {
    return (
      <>
        <p className="note">{t('results.shareUnavailable')}</p>
        <EmailLink report={report} />
      </>
    );
  }
  return (
    <>
      <div className="share-body">
        <QrCode text={reportLinkIn(report.shareUrl, language)} size={size} label={t('results.share')} />
        <p className="muted">{t('results.shareHint', { time: report.shareExpiresAt ? formatDateTime(report.shareExpiresAt, language) : '—' })}</p>
      </div>
      <EmailLink report={report} />
    </>
  );
}
