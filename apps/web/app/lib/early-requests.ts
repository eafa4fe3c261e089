/**
 * Requests the client-rendered shell starts from its <head> on a signed-in page,
 * before any JavaScript file has arrived (apps/web/scripts/preload-shell.mjs
 * writes that script): the session, the public configuration and the linked
 * wallet. The first query for each takes the response instead of asking again,
 * so the page's first data is not a round trip after its code.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Window
  interface Window {
    __keelEarlyRequests?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * Set on <html> by the head script once the server has answered about the linked wallet: "none" or
 * "linked" (the dashboard's prerendered frame reads it through app.css, dashboard-frame.tsx).
 */
export const WALLET_MARK = 'data-keel-wallet';

/**
 * Set on <html> to "on" by the head script when the server's configuration has passkey savings accounts on,
 * before the wallet mark: the frame's checklist shows its passkey button from the HTML, and the page's own
 * button takes its place while the configuration query is still loading.
 */
export const PASSKEYS_MARK = 'data-keel-passkeys';

/** Whether the head script saw passkey savings accounts on (false before it has, or where there is no page). */
export function passkeysMarkedOn(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute(PASSKEYS_MARK) === 'on';
}

/** The response the shell's script started for this URL, once; null when there is none (or it was taken). */
export function takeEarlyResponse(url: string): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const early = window.__keelEarlyRequests?.[url];
  if (!early) return null;
  delete window.__keelEarlyRequests?.[url];
  return early;
}

/**
 * Forgets every response not taken yet: they were asked for whoever was signed in
 * when the page loaded, and must not answer for an account signed in later.
 */
export function dropEarlyResponses(): void {
  if (typeof window === 'undefined') return;
  delete window.__keelEarlyRequests;
  // The early answer about the linked wallet was that account's too (the dashboard frame's checklist).
  document.documentElement.removeAttribute(WALLET_MARK);
}
