import { useSyncExternalStore } from 'react';

function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * False in prerendered HTML and during hydration, true once React runs in the
 * browser. Forms keep their submit button disabled until then: a native submit
 * before hydration would put the visitor's email in the URL (and in logs).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
