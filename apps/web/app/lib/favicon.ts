/**
 * Keel's mark, the tab icon. The page carries it as a data URL, so a first visit makes no request for it
 * before the page has painted (docs/performance-log.md, "the head's own requests"). `public/favicon.svg` holds the
 * same bytes for
 * the web app manifest's icon list and for scripts/make-icons.mjs; a unit test keeps the two equal.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0f766e"/><path d="M16 6v18M10 12h12M8 18c0 4 3.6 6 8 6s8-2 8-6" stroke="#fff" stroke-width="2.4" fill="none" stroke-linecap="round"/></svg>';

export const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;
