/**
 * The kiosk's own touch keyboard, docked at the bottom of the screen (decision K-UI-006). It types
 * into the field that a finger focused (useTouchFocus), in the layout the field asks for with
 * `data-keyboard`; physical keyboards keep working beside it. Keys never take the focus from the
 * field, and the key layout stays left to right in right-to-left languages (like the PIN pad).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { missingCase } from '../../common/missing-case.ts';
import { deleteBackward, insertText } from './field-edit.ts';
import { LAYOUTS, type KeySpec } from './layouts.ts';
import { keyboardSelectors, useKeyboardStore } from './store.ts';
import { useTouchFocus } from './useTouchFocus.ts';
import { useReserveSpace } from './useReserveSpace.ts';

function keyId(key: KeySpec): string {
  return key.kind === 'char' || key.kind === 'insert' ? key.value : key.kind;
}

function BackspaceIcon() {
  return (
    <svg className="keyboard-icon" viewBox="0 0 32 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" strokeLinecap="round">
      <path d="M10 3h19v18H10L2 12z" />
      <path d="M15 8l8 8M23 8l-8 8" />
    </svg>
  );
}

/** Closes the keyboard when its field leaves the page (a screen or dialog replaced it). */
function useCloseWhenDetached(target: HTMLInputElement | null): void {
  useEffect(() => {
    if (!target) return;
    const observer = new MutationObserver(() => {
      if (!target.isConnected) useKeyboardStore.getState().close();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [target]);
}

export function OnScreenKeyboard() {
  const { t } = useTranslation();
  const target = useKeyboardStore(keyboardSelectors.target);
  const layout = useKeyboardStore(keyboardSelectors.layout);
  const shifted = useKeyboardStore(keyboardSelectors.shifted);
  const panel = useRef<HTMLDivElement>(null);
  useTouchFocus();
  useCloseWhenDetached(target);
  useReserveSpace(panel, target);
  if (!target) return null;

  function press(key: KeySpec) {
    const field = useKeyboardStore.getState().target;
    if (!field) return;
    const { toggleShift, releaseShift, close } = useKeyboardStore.getState();
    switch (key.kind) {
      case 'char':
        insertText(field, shifted ? key.value.toUpperCase() : key.value);
        releaseShift();
        break;
      case 'insert':
        insertText(field, key.value);
        break;
      case 'space':
        insertText(field, ' ');
        break;
      case 'backspace':
        deleteBackward(field);
        break;
      case 'shift':
        toggleShift();
        break;
      case 'done':
        close();
        field.blur();
        return;
      default:
        missingCase(key);
    }
    // Keys keep the focus where it is (pointerdown is cancelled); should a browser move it all
    // the same, it goes back to the field so that physical typing and the caret carry on.
    if (document.activeElement !== field) field.focus({ preventScroll: true });
  }

  function label(key: KeySpec) {
    switch (key.kind) {
      case 'char':
        return shifted ? key.value.toUpperCase() : key.value;
      case 'insert':
        return key.value;
      case 'space':
        return t('keyboard.space');
      case 'shift':
        return t('keyboard.shift');
      case 'done':
        return t('keyboard.done');
      case 'backspace':
        return <BackspaceIcon />;
      default:
        return missingCase(key);
    }
  }

  return (
    <div
      ref={panel}
      className={`keyboard keyboard-${layout}`}
      data-on-screen-keyboard=""
      data-testid="keyboard"
      data-layout={layout}
      data-shifted={shifted}
      role="group"
      aria-label={t('keyboard.label')}
      // Cancelled so that a key never takes the focus (and the caret) from the field.
      onPointerDown={(e) => e.preventDefault()}
      onMouseDown={(e) => e.preventDefault()}
    >
      <div className="keyboard-rows">
        {LAYOUTS[layout].map((row, r) => (
          <div key={`${layout}-${r}`} className="keyboard-row">
            {row.map((key) => (
              <button
                key={keyId(key)}
                type="button"
                tabIndex={-1}
                className={`keyboard-key keyboard-key-${key.kind}`}
                style={{ flexGrow: key.width ?? 1 }}
                data-kb-key={keyId(key)}
                aria-label={key.kind === 'backspace' ? t('keyboard.backspace') : undefined}
                aria-pressed={key.kind === 'shift' ? shifted : undefined}
                onClick={() => press(key)}
              >
                {label(key)}
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
