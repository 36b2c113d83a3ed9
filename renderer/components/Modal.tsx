import type { ReactNode } from 'react';

interface Props {
  title: string;
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
  wide?: boolean;
  /** A dialog of its own size (e.g. a photo that wants the whole screen). */
  className?: string;
}

/** A centred dialog over a dimmed screen; closing is a visible button, never a hover or Esc only. */
export function Modal({ title, onClose, closeLabel, children, wide = false, className }: Props) {
  return (
    <div className="modal-backdrop">
      <div className={`modal${wide ? ' modal-wide' : ''}${className ? ` ${className}` : ''}`} role="dialog" aria-modal="true" aria-label={title}>
        <header className="modal-head">
          <h2>{title}</h2>
          {onClose && (
            <button type="button" className="btn btn-ghost btn-normal" data-testid="modal-close" onClick={onClose}>
              {closeLabel ?? '×'}
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
