import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine, LineChart } from 'lucide-react';
import { shortenAddress } from '@keel/core/money';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { Card, CardDescription, CardHeader } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { AddMoneyButton } from './add-money-button';
import { firstRunSteps } from '../first-run';
import { FRAME_REST_PAINTED } from '../frame-timing';
import { FirstRunChecklist } from './first-run-checklist';

/** The dashboard's title, its line about the linked wallet, and its three actions. */
export function DashboardHeader({
  linkedAddress,
  onDeposit,
  onWithdraw,
  inFrame = false,
}: {
  linkedAddress: string | null;
  onDeposit: () => void;
  onWithdraw: () => void;
  /**
   * In the frame: the buttons do nothing until React renders the page, so they cannot be pressed or
   * focused; and for a linked wallet (app.css, <html data-keel-wallet="linked">) the wallet line shows a
   * placeholder where the page shows the address.
   */
  inFrame?: boolean;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">Welcome Back</h1>
        <p className="text-muted-foreground">Here is how your savings are doing.</p>
        {/* A line of its own, kept for every account: the address arriving (or not) never moves the
            actions below the title on a phone. */}
        <p className="min-h-6 text-muted-foreground">
          {linkedAddress ? (
            <>
              {/* One line on a phone, like the frame's: Add money is the action beside the title's. */}
              Linked wallet <code className="font-mono text-sm">{shortenAddress(linkedAddress)}</code>.
            </>
          ) : inFrame ? (
            <span data-frame-linked="">
              Linked wallet {/* As wide as shortenAddress's 13 characters in the same monospaced font. */}
              <span
                aria-hidden="true"
                className="inline-block h-4 w-[13ch] animate-pulse rounded-md bg-muted align-middle font-mono text-sm"
              />
              .
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2" inert={inFrame}>
        <Button onClick={onDeposit}>
          <ArrowDownToLine aria-hidden="true" />
          Deposit
        </Button>
        <AddMoneyButton />
        <Button variant="outline" onClick={onWithdraw}>
          <ArrowUpFromLine aria-hidden="true" />
          Withdraw
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.performance}>
            <LineChart aria-hidden="true" />
            View Performance
          </Link>
        </Button>
      </div>
    </header>
  );
}

/**
 * Below the title of a linked account's dashboard until the server's facts are in (positions, recorded
 * deposits, history, transfers): they decide whether the first-run checklist comes first, so nothing
 * of the page is painted before them and nothing painted is pushed down when they arrive. The frame
 * shows the same block from the HTML (app.css, <html data-keel-wallet="linked">).
 */
export function BalancesLoading({ elementTiming }: { elementTiming?: string }) {
  return (
    <div
      className="flex min-h-40 items-center justify-center gap-2 rounded-xl border bg-card text-muted-foreground"
      data-testid="balances-loading"
      elementtiming={elementTiming}
    >
      <Spinner label="Loading balances" /> Loading your balances…
    </div>
  );
}

/** The checklist of an account without a linked wallet: every step still to do (first-run.ts). */
const NOTHING_DONE_YET = firstRunSteps({
  hasLinkedWallet: false,
  hasPosition: false,
  hasRecordedDeposits: false,
  hasHistory: false,
  transfers: [],
});

function doNothing() {
  // The frame is inert: nothing in it can be pressed.
}

const TOTALS = ['Total Balance', 'Total Earnings', 'Average APY'] as const;

/**
 * /dashboard before its data: the HTML the server sends for the page
 * (prerendered at build time, react-router.config.ts), and what React renders
 * over it until the session and the linked wallet are known. Only what every
 * signed-in user sees — the title, the actions, the card titles — with
 * fixed-size skeletons where figures go: no figure, no name, no address.
 *
 * Below the title it waits for the server's answer about the linked wallet,
 * which the page's head script (apps/web/scripts/preload-shell.mjs) writes on
 * <html data-keel-wallet="none|linked">; app.css then shows one of two rests:
 * for "none", the first-run checklist with every step to do — what the page
 * shows every account without a linked wallet — above the card outlines; for
 * "linked", the block the page shows until that wallet's facts decide between
 * the checklist and the balances (BalancesLoading). So the page's largest text
 * is painted from the HTML before the JavaScript arrives, and
 * nothing painted is pushed down when the page's own content arrives.
 *
 * Its actions and everything below the title are `inert`: its buttons do
 * nothing until React renders the page, so they cannot be pressed or focused
 * before then. The title stays readable (the page's one h1).
 */
export function DashboardFrame({ linkAlternative = null }: { linkAlternative?: ReactNode } = {}) {
  return (
    <div className="flex flex-col gap-8" data-testid="dashboard-frame">
      <DashboardHeader linkedAddress={null} onDeposit={doNothing} onWithdraw={doNothing} inFrame />
      <div className="flex-col gap-8" data-frame-rest="none" inert>
        <FirstRunChecklist steps={NOTHING_DONE_YET} onDeposit={doNothing} linkAlternative={linkAlternative} inFrame />
        <section aria-label="Totals" className="grid gap-4 md:grid-cols-3">
          {TOTALS.map((title) => (
            <Card key={title}>
              <CardHeader className="gap-1">
                <CardDescription>{title}</CardDescription>
                <Skeleton className="h-9 w-32" />
                <Skeleton className="h-4 w-48 max-w-full" />
              </CardHeader>
            </Card>
          ))}
        </section>
        <section aria-label="Active Vaults" className="flex flex-col gap-4">
          <h2 className="text-xl font-semibold">Active Vaults</h2>
          <Skeleton className="h-40" />
        </section>
      </div>
      <div className="flex-col" data-frame-rest="linked" inert>
        <BalancesLoading elementTiming={FRAME_REST_PAINTED} />
      </div>
    </div>
  );
}
