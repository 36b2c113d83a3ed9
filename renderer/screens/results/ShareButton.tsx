import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { Modal } from '../../components/Modal.tsx';
import { ShareBody } from './SharePanel.tsx';

/** A phone drawn in lines: the button reads at a glance, before its words. */
function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </svg>
  );
}

/**
 * The phone QR one tap away wherever the report is scrolled (issue 16 item 6, D-055): a button in
 * the sticky top bar (where it covers nothing) opens the same QR as the panel at the page's end.
 * A floating corner button was tried: it sat on the close-up's zoom buttons in portrait.
 */
export function ShareButton({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary btn-normal share-open" data-testid="share-open" onClick={() => setOpen(true)}>
        <PhoneIcon />
        {t('results.shareOpen')}
      </button>
      {open && (
        <Modal title={t('results.share')} onClose={() => setOpen(false)} closeLabel={t('common.close')}>
          <div data-testid="share-dialog">
            <ShareBody report={report} size={360} />
          </div>
        </Modal>
      )}
    </>
  );
}
