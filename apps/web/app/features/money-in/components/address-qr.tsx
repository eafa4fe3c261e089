import { create } from 'qrcode';

/** The dark modules of a QR code as one SVG path: drawn here, from the address alone, with no network call. */
function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.data[row * modules.size + column]) parts.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join('') };
}

const QUIET_ZONE = 4;

/** A QR code of an address, for a phone's wallet or an exchange's app to scan. */
export function AddressQr({ address, label }: { address: string; label: string }) {
  const { size, path } = qrPath(address);
  const box = size + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      className="size-44 rounded-md bg-white"
      shapeRendering="crispEdges"
      data-testid="address-qr"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
