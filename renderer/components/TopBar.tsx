import type { ReactNode } from 'react';
import { LanguageMenu } from './LanguageMenu.tsx';
import { StatusPill } from './StatusPill.tsx';

interface Props {
  title?: string;
  /** Left-hand (start-side) action, e.g. cancel or back. */
  start?: ReactNode;
  /** An action of the screen's own at the end side, before the status (e.g. the results' phone QR). */
  end?: ReactNode;
  /** Hide the language switch where changing it mid-flow makes no sense (operator screens). */
  languageSwitch?: boolean;
  /** Who reads the status pill: operators also see the sync backlog and a simulated device. */
  audience?: 'customer' | 'operator';
}

export function TopBar({ title, start, end, languageSwitch = true, audience = 'customer' }: Props) {
  return (
    <header className="topbar">
      <div className="topbar-start">{start}</div>
      {title && <h1 className="topbar-title">{title}</h1>}
      <div className="topbar-end">
        {end}
        <StatusPill audience={audience} />
        {languageSwitch && <LanguageMenu />}
      </div>
    </header>
  );
}
