/**
 * The page makes room for the open keyboard instead of lying under it: `keyboard-open` on <html>
 * and `--keyboard-height` (the panel's height) let keyboard.css pad the page's bottom, lift
 * dialogs above the panel and unpin the bottom action bar; the served field (with its label) is
 * then scrolled between the sticky top bar and the keyboard.
 */
import { useLayoutEffect, type RefObject } from 'react';

const OPEN_CLASS = 'keyboard-open';
const HEIGHT_VAR = '--keyboard-height';
/** Room kept between the field and the keyboard or the top bar, in CSS pixels. */
const MARGIN = 24;

function topInset(): number {
  // The sticky top bar (base.css .topbar) covers the top of the page while scrolling.
  const bar = document.querySelector('.topbar');
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

function reveal(field: HTMLInputElement, keyboardHeight: number): void {
  if (!field.isConnected) return;
  const shown = field.closest('label') ?? field;
  // Inner scrollers first (a dialog's body); the dialog itself already sits above the keyboard.
  shown.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const rect = shown.getBoundingClientRect();
  const bottom = window.innerHeight - keyboardHeight - MARGIN;
  const top = topInset() + MARGIN;
  if (rect.bottom > bottom) window.scrollBy({ top: Math.min(rect.bottom - bottom, rect.top - top) });
  else if (rect.top < top) window.scrollBy({ top: rect.top - top });
}

export function useReserveSpace(panel: RefObject<HTMLElement | null>, target: HTMLInputElement | null): void {
  const open = target !== null;

  useLayoutEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEIGHT_VAR, `${element.offsetHeight}px`);
    root.classList.add(OPEN_CLASS);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.classList.remove(OPEN_CLASS);
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [panel, open]);

  useLayoutEffect(() => {
    const element = panel.current;
    if (!target || !element) return;
    let frame = 0;
    // In the next frame, after the tap's events and the padding's layout: scrolling earlier would
    // move the page under the finger that is still on it.
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => reveal(target, element.offsetHeight));
    };
    // Observing reports the panel's size at once; later it changes with the layout (digits pad
    // or letters). A rotated screen keeps the panel's height but moves the field.
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [panel, target]);
}
