import { useEffect, useState } from 'react';
import { jpegUrl } from '../../camera/jpeg.ts';
import { kiosk } from '../../lib/kiosk.ts';

/**
 * The kiosk's own front photo of a session (white light, small), as an object URL released when
 * the screen leaves: what the summary's findings show when their marked photo cannot be loaded
 * (it lives on the platform, and the kiosk may be offline). null while loading or when the
 * session has no such photo on this kiosk.
 */
export function useOwnPhoto(sessionId: string, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let made: string | null = null;
    kiosk()
      .getCaptureImage({ sessionId, view: 'front', light: 'white', maxSide: 480 })
      .then(({ jpeg }) => {
        if (!live) return;
        made = jpegUrl(jpeg);
        setUrl(made);
      })
      .catch(() => {
        // No capture of this session here (e.g. a report from another kiosk): a placeholder shows.
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [sessionId, wanted]);
  return url;
}
