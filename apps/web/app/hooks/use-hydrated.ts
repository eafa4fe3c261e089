import { useSyncExternalStore } from 'react';

function subscribeToNothing(): () => void {
  return () => undefined;
}

/**
 * False in prerendered HTML and during hydration, true once React runs in the
 * browser: a prerendered page can show URL-dependent text without a hydration
 * mismatch, and a form knows whether React is handling its submit yet.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
