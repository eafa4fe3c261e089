import { useSyncExternalStore } from 'react';
import { SIDEBAR } from '@keel/core/constants';

const QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the 768 px breakpoint; false while prerendering. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
