import { useEffect } from 'react';
import { useKioskStore } from '../stores/kiosk/store.ts';

/** Status (online, sync queue) every few seconds: the pill and the offline notes follow it. */
export function useStatusPolling(intervalMs = 3000): void {
  useEffect(() => {
    const { loadStatus } = useKioskStore.getState();
    void loadStatus();
    const timer = setInterval(() => void loadStatus(), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
}
