import { lazy, Suspense } from 'react';
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

/** The landing page, sections in SPEC §2 order (the footer comes from the public shell). */
export function HomePage() {
  return (
    <>
      <BonusBanner />
      <Suspense fallback={null}>
        <Hero />
        <LandingSections />
      </Suspense>
    </>
  );
}
