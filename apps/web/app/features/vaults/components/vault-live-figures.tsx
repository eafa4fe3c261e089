import type { Vault } from '@keel/core/vaults';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format-date';
import { VAULT_UNAVAILABLE_MESSAGE } from '~/lib/vault-statuses';
import type { LiveFigure, LiveFiguresState } from '../vault-page-state';

/** One labelled figure: a value, or a dash with the reason underneath (never a bare 0). */
function Figure({ label, value, note, testId }: LiveFigure) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value ?? '—'}
      </dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

function LiveFigures({ vault, live }: { vault: Vault; live: Extract<LiveFiguresState, { kind: 'figures' }> }) {
  return (
    <section aria-labelledby="vault-figures-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vault-figures-title" className="text-xl font-semibold">
          Live figures
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="vault-figures-as-of">
          Read from Base at block {live.blockNumber.toLocaleString('en-US')}, as of {formatDateTime(live.asOf)}
        </p>
      </div>
      {live.stale ? (
        <Alert variant="warning">Base could not be read just now: these figures are the last recorded snapshot.</Alert>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {live.figures.map((figure) => (
          <Figure key={figure.testId} {...figure} />
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Target range: <strong className="text-foreground">{vault.apyText}</strong> — a target, not a promise. Realised figures are
        past results and can differ from the target in either direction.
      </p>
    </section>
  );
}

/** The vault's figures read from Base, or why there are none: unverified, loading, failed or not indexed yet. */
export function VaultLiveFigures({ vault, live, onRetry }: { vault: Vault; live: LiveFiguresState; onRetry: () => void }) {
  switch (live.kind) {
    case 'unavailable':
      return (
        <Alert variant="warning" data-testid="vault-unavailable">
          <strong>{vault.name} is unavailable:</strong> {VAULT_UNAVAILABLE_MESSAGE}. Keel could not verify this vault on Base, so
          no figures are shown and deposits are switched off until it is verified again.
        </Alert>
      );
    case 'loading':
      return (
        <div className="flex items-center gap-2 text-muted-foreground">
          <Spinner label="Reading the vault" /> Reading the vault from Base…
        </div>
      );
    case 'error':
      return (
        <Alert variant="destructive">
          The vault’s figures could not be loaded: {live.message}{' '}
          <Button variant="link" className="h-auto p-0" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      );
    case 'no-figures':
      return <Alert variant="info">{live.message}</Alert>;
    case 'figures':
      return <LiveFigures vault={vault} live={live} />;
  }
}
