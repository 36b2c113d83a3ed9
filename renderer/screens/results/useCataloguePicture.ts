import { useEffect, useState } from 'react';
import { kiosk } from '../../lib/kiosk.ts';

/**
 * Object URLs of the catalogue pictures main keeps on the kiosk (getCataloguePicture), one per
 * key for the page's life: the same few products come back customer after customer, and a key
 * names fixed bytes (the hash of the picture's address).
 */
const urls = new Map<string, Promise<string | null>>();

function load(key: string): Promise<string | null> {
  let found = urls.get(key);
  if (!found) {
    found = kiosk()
      .getCataloguePicture({ key })
      .then(({ bytes, contentType }) => URL.createObjectURL(new Blob([bytes], { type: contentType })))
      .catch(() => {
        // Not stored (any more): try again next time the card shows.
        urls.delete(key);
        return null;
      });
    urls.set(key, found);
  }
  return found;
}

/**
 * The address to show for a recommendation's picture: the kiosk's stored copy when it has one,
 * else the merchant's own address (`pic`), else null. `undefined` while the stored copy loads.
 */
export function useCataloguePicture(key: string | null, pic: string): string | null | undefined {
  const [url, setUrl] = useState<string | null | undefined>(key ? undefined : pic || null);
  useEffect(() => {
    if (!key) {
      setUrl(pic || null);
      return;
    }
    let live = true;
    setUrl(undefined);
    void load(key).then((stored) => live && setUrl(stored ?? (pic || null)));
    return () => {
      live = false;
    };
  }, [key, pic]);
  return url;
}
