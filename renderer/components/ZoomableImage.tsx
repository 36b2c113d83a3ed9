import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  src: string;
  alt: string;
  labels: { zoomIn: string; zoomOut: string; reset: string };
  /** The picture could not be loaded (e.g. a platform address while offline). */
  onError?: () => void;
}

interface Zoom {
  scale: number;
  x: number;
  y: number;
}

const MIN = 1;
const MAX = 6;
const FIT: Zoom = { scale: 1, x: 0, y: 0 };

/** Keyboard steps: a tenth of the box per arrow press. */
const PAN_STEP = 0.1;

/**
 * An image to look closely at: pinch, the mouse wheel or the +/- buttons to zoom, drag to move,
 * double-tap to toggle; with a keyboard, + and - zoom, arrows move and 0 fits (D-055). Buttons are
 * always visible (no hover-only controls on a touch screen).
 */
export function ZoomableImage({ src, alt, labels, onError }: Props) {
  const box = useRef<HTMLDivElement | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const [zoom, setZoom] = useState<Zoom>(FIT);

  useEffect(() => setZoom(FIT), [src]);

  // The wheel zooms the picture, not the page behind it: React's wheel handlers are passive and
  // cannot keep the page from scrolling, so this one is registered directly.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      e.preventDefault();
      zoomBy(Math.exp(-e.deltaY / 400));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  /** Keeps the picture covering the box: no panning past its edges. */
  function clamp(z: Zoom): Zoom {
    const el = box.current;
    const scale = Math.min(MAX, Math.max(MIN, z.scale));
    if (!el) return { scale, x: 0, y: 0 };
    const maxX = ((scale - 1) * el.clientWidth) / 2;
    const maxY = ((scale - 1) * el.clientHeight) / 2;
    return { scale, x: Math.min(maxX, Math.max(-maxX, z.x)), y: Math.min(maxY, Math.max(-maxY, z.y)) };
  }

  function zoomBy(factor: number) {
    setZoom((z) => clamp({ scale: z.scale * factor, x: z.x * factor, y: z.y * factor }));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const previous = pointers.current.get(e.pointerId);
    if (!previous) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
    const current = { x: e.clientX, y: e.clientY };
    const other = others[0];
    if (other) {
      // Pinch: the change in finger distance is the change in scale.
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(current.x - other.x, current.y - other.y);
      if (before > 0) {
        const factor = after / before;
        setZoom((z) => clamp({ scale: z.scale * factor, x: z.x * factor, y: z.y * factor }));
      }
    } else {
      setZoom((z) => (z.scale > 1 ? clamp({ ...z, x: z.x + current.x - previous.x, y: z.y + current.y - previous.y }) : z));
    }
    pointers.current.set(e.pointerId, current);
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(e.pointerId);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const el = box.current;
    const step = (el?.clientWidth ?? 0) * PAN_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const move = moves[e.key];
    if (e.key === '+' || e.key === '=') zoomBy(1.5);
    else if (e.key === '-') zoomBy(1 / 1.5);
    else if (e.key === '0') setZoom(FIT);
    else if (move) setZoom((z) => clamp({ ...z, x: z.x + move[0], y: z.y + move[1] }));
    else return;
    e.preventDefault();
  }

  return (
    <div className="zoom">
      <div
        ref={box}
        className="zoom-box"
        data-testid="zoom-box"
        data-scale={zoom.scale.toFixed(2)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        role="group"
        tabIndex={0}
        aria-label={alt}
        onKeyDown={onKeyDown}
        onDoubleClick={() => setZoom((z) => (z.scale > 1 ? FIT : clamp({ scale: 2.5, x: 0, y: 0 })))}
      >
        <img src={src} alt={alt} draggable={false} onError={onError} style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }} />
      </div>
      <div className="zoom-controls" dir="ltr">
        <button type="button" className="btn btn-secondary btn-normal" aria-label={labels.zoomOut} data-testid="zoom-out" disabled={zoom.scale <= MIN} onClick={() => zoomBy(1 / 1.5)}>
          −
        </button>
        <button type="button" className="btn btn-secondary btn-normal" data-testid="zoom-reset" onClick={() => setZoom(FIT)}>
          {labels.reset}
        </button>
        <button type="button" className="btn btn-secondary btn-normal" aria-label={labels.zoomIn} data-testid="zoom-in" disabled={zoom.scale >= MAX} onClick={() => zoomBy(1.5)}>
          +
        </button>
      </div>
    </div>
  );
}
