/**
 * Presses before hydration (what people do on a slow phone must count). This
 * script runs from the page's <head>, before any JavaScript file arrives: a
 * submit of a form marked data-replay-submit, or a click on an element marked
 * data-replay-click, that React has not taken over yet (no data-hydrated) is
 * stopped — no native GET with the fields in the URL — and remembered; the
 * element replays it once hydrated (hooks/use-early-input). Tiny and
 * dependency-free: it is inlined into every page (the server takes its CSP hash
 * from the built HTML).
 */
export const EARLY_SUBMIT_SCRIPT = `(function(){var q=window.__keelEarlySubmits=[];function keep(e,t){if(!t||t.getAttribute("data-hydrated")==="true")return;e.preventDefault();e.stopImmediatePropagation();if(q.indexOf(t)<0)q.push(t)}document.addEventListener("submit",function(e){var f=e.target;keep(e,f instanceof HTMLFormElement&&f.hasAttribute("data-replay-submit")?f:null)},true);document.addEventListener("click",function(e){keep(e,e.target instanceof Element?e.target.closest("[data-replay-click]"):null)},true)})();`;

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into Window
  interface Window {
    __keelEarlySubmits?: Element[];
  }
}

/** Whether this form was submitted (or this button pressed) before hydration; forgets it, so it replays once. */
export function takeEarlyPress(element: Element): boolean {
  const pending = window.__keelEarlySubmits;
  const index = pending?.indexOf(element) ?? -1;
  if (index === -1) return false;
  pending?.splice(index, 1);
  return true;
}
