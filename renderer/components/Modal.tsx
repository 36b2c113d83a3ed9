import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
  wide?: boolean;
  /** A dialog of its own size (e.g. a photo that wants the whole screen). */
  className?: string;
}

/**
 * A centred dialog over a dimmed screen; closing is a visible button, never a hover or Esc only.
 * A dialog that can be closed also closes on Escape (D-112). On opening it takes the focus (its
 * close button, unless something inside already has it, such as a PIN field), so keys reach it
 * and not the screen beneath; on closing the focus goes back to what opened it.
 */
export function Modal({ title, onClose, closeLabel, children, wide = false, className }: Props) {
  const dialog = useRef<HTMLDivElement | null>(null);
  // The latest onClose without re-running the effect below (it moves the focus).
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement;
    const box = dialog.current;
    if (box && !box.contains(document.activeElement)) (box.querySelector<HTMLElement>('[data-testid="modal-close"]') ?? box).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && close.current) close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={dialog} tabIndex={-1} className={`modal${wide ? ' modal-wide' : ''}${className ? ` ${className}` : ''}`} role="dialog" aria-modal="true" aria-label={title}>
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
