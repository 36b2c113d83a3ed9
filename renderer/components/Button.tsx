import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** "large" is the customer size: a target a finger hits at arm's length. */
  size?: 'large' | 'normal' | 'small';
  busy?: boolean;
  children: ReactNode;
}

/** Every tap target of the kiosk. Always type="button": no form ever submits by accident. */
export function Button({ variant = 'primary', size = 'normal', busy = false, className, children, disabled, ...rest }: Props) {
  const classes = ['btn', `btn-${variant}`, `btn-${size}`, busy ? 'is-busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
