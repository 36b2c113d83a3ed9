import { useEffect, useState } from 'react';
import { alignFaces, type Alignment } from '../../../../common/kiosk/face-align.ts';
import type { Light, View } from '../../../stores/results/initialState.ts';
import { jpegUrl } from '../../../camera/jpeg.ts';
import { kiosk } from '../../../lib/kiosk.ts';

export interface VisitPhoto {
  url: string;
  /** Natural width / height of the photo: the frame the outline is normalised to. */
  aspect: number;
}

export interface VisitPhotos {
  loading: boolean;
  before: VisitPhoto | null;
  after: VisitPhoto | null;
  /** The earlier photo's face onto this one's; null without outlines for both (shown unaligned). */
  alignment: Alignment | null;
}

const SIDE = 1200;

/**
 * Both visits' photos of one view and light, and the alignment of their faces from the outlines
 * each session recorded (D-061). A photo the kiosk no longer keeps (retention deletes captures
 * some days after the platform holds them) is null: the numbers still compare.
 */
export function useVisitPhotos(beforeId: string, afterId: string, view: View, light: Light): VisitPhotos {
  const [state, setState] = useState<VisitPhotos>({ loading: true, before: null, after: null, alignment: null });
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    setState({ loading: true, before: null, after: null, alignment: null });
    const photo = (sessionId: string) =>
      kiosk()
        .getCaptureImage({ sessionId, view, light, maxSide: SIDE })
        .then(async ({ jpeg }) => {
          const url = jpegUrl(jpeg);
          made.push(url);
          return { url, aspect: await aspectOf(url) };
        })
        .catch(() => null);
    const outline = (sessionId: string) =>
      kiosk()
        .getFaceOutline({ sessionId, view })
        .then((r) => r.outline)
        .catch(() => null);
    void Promise.all([photo(beforeId), photo(afterId), outline(beforeId), outline(afterId)]).then(([before, after, from, to]) => {
      if (!live) return;
      const alignment = from && to && after ? alignFaces(from, to, after.aspect) : null;
      setState({ loading: false, before, after, alignment });
    });
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [beforeId, afterId, view, light]);
  return state;
}

function aspectOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : 4 / 3);
    image.onerror = () => resolve(4 / 3);
    image.src = url;
  });
}
