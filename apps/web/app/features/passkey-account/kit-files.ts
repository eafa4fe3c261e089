import { recoveryKitText, type RecoveryKit } from './recovery-kit';

/** A QR code of the recovery key as an SVG data URL; qrcode loads only when a kit is shown. */
export async function recoveryKeyQrDataUrl(kit: RecoveryKit): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(kit.privateKey, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Saves the kit as a text file on this device (nothing is uploaded). */
export function downloadRecoveryKit(kit: RecoveryKit, accountAddress: string | null): void {
  const blob = new Blob([recoveryKitText(kit, accountAddress)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'keel-recovery-kit.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Prints the kit alone (not the page around it) from a hidden frame: the text
 * and the QR code, nothing that runs.
 */
export function printRecoveryKit(kit: RecoveryKit, accountAddress: string | null, qrDataUrl: string | null): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.append(frame);
  const printed = frame.contentDocument;
  const view = frame.contentWindow;
  if (!printed || !view) {
    frame.remove();
    return;
  }
  const pre = printed.createElement('pre');
  pre.style.whiteSpace = 'pre-wrap';
  pre.style.font = '12pt monospace';
  pre.textContent = recoveryKitText(kit, accountAddress);
  printed.body.append(pre);
  if (qrDataUrl) {
    const image = printed.createElement('img');
    image.src = qrDataUrl;
    image.alt = 'QR code of the recovery key';
    image.width = 200;
    image.height = 200;
    printed.body.append(image);
  }
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
}
