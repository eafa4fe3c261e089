import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * The authenticator app's otpauth:// address as a QR code, drawn here as an
 * inline SVG path: the secret never leaves the page for an image service.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(uri, { errorCorrectionLevel: 'M' });
    const commands: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) commands.push(`M${column} ${row}h1v1h-1z`);
      }
    }
    return { size: modules.size, path: commands.join('') };
  }, [uri]);
  const quietZone = 4;
  const box = size + quietZone * 2;
  return (
    <svg
      role="img"
      aria-label="QR code to scan with your authenticator app"
      viewBox={`${-quietZone} ${-quietZone} ${box} ${box}`}
      className="size-48 rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <rect x={-quietZone} y={-quietZone} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret in the address, in groups of four, for typing into an app by hand. */
export function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
