import { useEffect } from 'react';
import { useLocation } from 'react-router';

export type ScrollState = { scrollTo?: string } | null;

function scrollToId(id: string): boolean {
  const element = document.getElementById(id);
  // A lazily streamed section can sit in React's hidden holder until it is revealed.
  if (!element || element.getClientRects().length === 0) return false;
  element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return true;
}

/**
 * Scrolls smoothly to the section named by the URL hash or by navigation state
 * `scrollTo`, retrying briefly while lazily rendered content mounts.
 */
export function useScrollToSection(): void {
  const location = useLocation();
  const state = location.state as ScrollState;
  const target = state?.scrollTo ?? (location.hash ? decodeURIComponent(location.hash.slice(1)) : null);

  useEffect(() => {
    if (!target) return;
    let attempts = 0;
    let timer: number | undefined;
    const tryScroll = () => {
      if (scrollToId(target) || attempts++ > 20) return;
      timer = window.setTimeout(tryScroll, 50);
    };
    tryScroll();
    return () => window.clearTimeout(timer);
  }, [target, location.key]);
}
