import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';

interface Props {
  onKeep: () => void;
  onDiscard: () => void;
}

/**
 * "Discard this session?" (D-047). Keep going is the safe answer: it has the focus and Escape
 * means it, so a stray tap or key loses nothing; Discard is the red, explicit second touch, as
 * staff's delete confirmation.
 */
export function DiscardSessionDialog({ onKeep, onDiscard }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onKeep();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onKeep]);
  // Into the body: the Cancel button sits in the sticky top bar, whose stacking context would
  // otherwise let the capture preview's overlays paint over the dialog.
  return createPortal(
    <Modal title={t('discard.title')}>
      <div data-testid="discard-dialog">
        <p>{t('discard.body')}</p>
        <div className="action-row">
          <Button variant="secondary" size="large" data-testid="discard-keep" autoFocus onClick={onKeep}>
            {t('discard.keep')}
          </Button>
          <Button variant="danger" size="large" data-testid="discard-confirm" onClick={onDiscard}>
            {t('discard.confirm')}
          </Button>
        </div>
      </div>
    </Modal>,
    document.body,
  );
}
