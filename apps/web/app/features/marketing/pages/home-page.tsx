import { lazy, memo, Suspense } from 'react';
import { BonusBanner } from '../landing/bonus-banner';

// Everything after the hero, including the ticker and the two forms (with TanStack
// Query), loads as one chunk after first paint. Prerendering waits for lazy parts,
// so every section is in the HTML: it paints, and hash links land, before any
// JavaScript runs; the ticker starts drifting once its chunk hydrates
// (docs/decisions/002: landing page ≤ 120 KiB initial JS).
const LandingSections = lazy(() => import('../landing/landing-sections'));
// The hero is prerendered too: its text paints from the HTML at once, and only
// the rotating highlight waits for this small chunk.
const Hero = lazy(() => import('../landing/hero').then((module) => ({ default: module.Hero })));

/**
 * Memoised: a re-render reaching a prerendered Suspense boundary before its
 * code has loaded makes React throw the server HTML away and show the fallback
 * (a blank page and a huge layout shift). The router re-renders its route
 * elements right after hydration; with no props, this boundary never updates.
 */
const LazySections = memo(function LazySections() {
  return (
    <Suspense fallback={null}>
      <Hero />
      <LandingSections />
    </Suspense>
  );
});

/** The landing page, its sections in order (the footer comes from the public shell). */
export function HomePage() {
  return (
    <>
      <BonusBanner />
      <LazySections />
    </>
  );
}
