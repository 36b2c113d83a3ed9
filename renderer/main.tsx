import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { ErrorBoundary } from './app/ErrorBoundary.tsx';
import { isLanguageCode } from '../protocol/enums/languages.ts';
import { initI18n } from './i18n/index.ts';
import { useKioskStore } from './stores/kiosk/store.ts';
// In this order: the base, then the areas (each builds on the base).
import './styles/base.css';
import './styles/capture.css';
import './styles/results.css';
import './styles/operators.css';
import './styles/keyboard.css';

async function boot(): Promise<void> {
  await initI18n('en');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
  // The idle screen shows in the merchant's default language once main tells it, unless the page
  // address asks for another (`?lang=zh-Hans`: a second screen in another language, screenshots).
  await useKioskStore.getState().loadStatus();
  const status = useKioskStore.getState().status;
  const asked = new URLSearchParams(location.search).get('lang');
  const initial = asked && isLanguageCode(asked) ? asked : status?.languages.default;
  if (initial) await useKioskStore.getState().setLanguage(initial);
}

void boot();
