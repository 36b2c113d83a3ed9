import { useLayoutEffect } from 'react';
import { IdleWarning } from '../components/IdleWarning.tsx';
import { PinDialog } from '../components/PinDialog.tsx';
import { OnScreenKeyboard } from '../keyboard/OnScreenKeyboard.tsx';
import { missingCase } from '../../common/missing-case.ts';
import type { Screen } from '../stores/kiosk/initialState.ts';
import { kioskSelectors } from '../stores/kiosk/selectors.ts';
import { useKioskStore } from '../stores/kiosk/store.ts';
import { CaptureScreen } from '../screens/customer/CaptureScreen.tsx';
import { ConsentScreen } from '../screens/customer/ConsentScreen.tsx';
import { CustomerScreen } from '../screens/customer/CustomerScreen.tsx';
import { IdleScreen } from '../screens/customer/IdleScreen.tsx';
import { ProcessingScreen } from '../screens/customer/ProcessingScreen.tsx';
import { ReviewScreen } from '../screens/customer/ReviewScreen.tsx';
import { ResultsScreen } from '../screens/results/ResultsScreen.tsx';
import { StaffScreen } from '../screens/staff/StaffScreen.tsx';
import { TechnicianScreen } from '../screens/technician/TechnicianScreen.tsx';
import { useIdleGuard } from './useIdleGuard.ts';
import { useSessionNavigation } from './useSessionNavigation.ts';
import { useSessionResume } from './useSessionResume.ts';
import { useStatusPolling } from './useStatusPolling.ts';

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'idle':
      return <IdleScreen />;
    case 'consent':
      return <ConsentScreen />;
    case 'customer':
      return <CustomerScreen />;
    case 'capture':
      return <CaptureScreen />;
    case 'review':
      return <ReviewScreen />;
    case 'processing':
      return <ProcessingScreen />;
    case 'results':
      return <ResultsScreen />;
    case 'staff':
      return <StaffScreen />;
    case 'technician':
      return <TechnicianScreen />;
    default:
      return missingCase(screen);
  }
}

export function App() {
  const screen = useKioskStore(kioskSelectors.screen);
  const pinFor = useKioskStore(kioskSelectors.pinFor);
  const { goTo, closePin } = useKioskStore.getState();
  useStatusPolling();
  useSessionNavigation();
  useSessionResume();
  const idle = useIdleGuard();
  // The window is the page's scroller and outlives screens: without this, a screen opens at the
  // scroll offset the one before was left at (the customer form in its middle after a long
  // consent, the results below their summary after a long review).
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [screen]);
  return (
    <>
      <CurrentScreen screen={screen} />
      {pinFor && <PinDialog role={pinFor} onUnlocked={() => goTo(pinFor)} onCancel={closePin} />}
      <OnScreenKeyboard />
      {idle.closesAt !== null && <IdleWarning closesAt={idle.closesAt} onStay={idle.stay} />}
    </>
  );
}
