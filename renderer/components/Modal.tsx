import type { ReactNode } from 'react';

interface Props {
  title: string;
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
  wide?: boolean;
}

/** A centred dialog over a dimmed screen; closing is a visible button, never a hover or Esc only. */
export function Modal({ title, onClose, closeLabel, children, wide = false }: Props) {
  return (
    <div className="modal-backdrop">
      <div className={`modal${wide ? ' modal-wide' : ''}`} role="dialog" aria-modal="true" aria-label={title}>
        <header className="modal-head">
          <h2>{title}</h2>
          {onClose && (
            <button type="button" className="btn btn-ghost btn-normal" onClick={onClose}>
              {closeLabel ?? '×'}
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
