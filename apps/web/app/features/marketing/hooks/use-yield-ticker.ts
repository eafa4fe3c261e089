import { useEffect, useState } from 'react';
import { TICKER } from '@keel/core/constants';

export type TickerValues = { everydayCash: number; smartSavings: number; growthReserve: number };

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * One simulated tick: each tier sits within its drift (±0.1 / ±0.15 / ±0.5) of
 * its starting value. Anchored to the start so the simulation never wanders off
 * to figures nobody advertised.
 */
export function nextTickerValues(random: () => number = Math.random): TickerValues {
  const drift = (tier: keyof TickerValues) => roundToTenth(TICKER.start[tier] + (random() * 2 - 1) * TICKER.drift[tier]);
  return { everydayCash: drift('everydayCash'), smartSavings: drift('smartSavings'), growthReserve: drift('growthReserve') };
}

/** Starts at the advertised values, TICKER.start (so prerendered HTML shows them) and drifts every 5 s after hydration. */
export function useYieldTicker(): TickerValues {
  const [values, setValues] = useState<TickerValues>({ ...TICKER.start });
  useEffect(() => {
    const timer = window.setInterval(() => setValues(nextTickerValues()), TICKER.periodMs);
    return () => window.clearInterval(timer);
  }, []);
  return values;
}
