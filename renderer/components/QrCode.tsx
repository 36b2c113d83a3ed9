import { useMemo } from 'react';
import QRCode from 'qrcode';

interface Props {
  text: string;
  /** Rendered size in CSS pixels. */
  size?: number;
  label: string;
}

/**
 * A QR code drawn as SVG from the module matrix: crisp at any size, no canvas, no innerHTML.
 * Error correction M survives a scuffed screen protector; a 4-module quiet zone is kept.
 */
export function QrCode({ text, size = 240, label }: Props) {
  const { path, count } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { path: d, count: n + 8 };
  }, [text]);
  return (
    <svg className="qr" role="img" aria-label={label} data-qr-text={text} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
