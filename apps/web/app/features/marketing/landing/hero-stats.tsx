import { useEffect, useState } from 'react';
import type { InferResponseType } from 'hono/client';
import { formatCount, formatUsd } from '@keel/core/money';
import type { api } from '~/lib/api-client';
import { formatDayTime } from '~/lib/format-date';

type PublicStats = InferResponseType<(typeof api)['stats']['$get'], 200>;
type Measured = PublicStats['totalValue'];

/** What the prerendered page shows until the browser has asked, and when it cannot. */
type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; stats: PublicStats };

/** Fetched on the client: the page is prerendered at build time, when nothing can be measured. */
function usePublicStats(): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // A plain fetch: the typed API client would add its weight to the landing page's first load.
    fetch('/api/stats', { signal: controller.signal, credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`stats answered ${response.status}`);
        setLoad({ state: 'loaded', stats: (await response.json()) as PublicStats });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);
  return load;
}

/** The count as "1,234"; '—' for anything that is not a whole number (never a crash of the hero). */
function saverCount(value: string | number): string {
  const count = Number(value);
  return Number.isSafeInteger(count) ? formatCount(count) : '—';
}

function asOfText(measured: Measured): string {
  return measured ? `as of ${formatDayTime(measured.asOf)}` : 'not available right now';
}

function Stat({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  // Keyed by their text: a measured figure replaces the placeholder with new nodes. Centred text
  // changed in place would count as the old text node moving (a layout shift) though nothing around
  // it moves.
  return (
    <div>
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd key={value} className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </dd>
      {/* Room for the note's lines from the first paint: "measuring…" is one line, the as-of note up to three on a phone. */}
      <dd key={note} className="min-h-[3lh] text-xs text-muted-foreground sm:min-h-[2lh]">
        {note}
      </dd>
    </div>
  );
}

/**
 * The hero's figures: measured, never advertised. The total
 * is the three vaults' totalAssets read from Base and the savers are verified
 * accounts, each with the time it was measured; the product's marketing figures
 * follow as attributed claims.
 */
export function HeroStats() {
  const load = usePublicStats();
  const stats = load.state === 'loaded' ? load.stats : null;
  const pending = load.state === 'loading' ? 'measuring…' : 'not available right now';
  return (
    <div className="mt-12 flex w-full max-w-2xl flex-col gap-3">
      <dl className="grid grid-cols-2 gap-4 text-center" aria-live="polite">
        <Stat
          label="Held in the three vaults"
          value={stats?.totalValue ? formatUsd(BigInt(stats.totalValue.value)) : '—'}
          note={stats ? `On Base, ${asOfText(stats.totalValue)}` : pending}
          testId="hero-total-value"
        />
        <Stat
          label="Verified savers"
          value={stats?.savers ? saverCount(stats.savers.value) : '—'}
          note={stats ? `Accounts with a verified email, ${asOfText(stats.savers)}` : pending}
          testId="hero-savers"
        />
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="hero-claims">
        Measured live from the vault contracts and our database. Our marketing claims, not live statistics: more than $50M locked,
        more than 15,000 users, 99.9% uptime.
      </p>
    </div>
  );
}
