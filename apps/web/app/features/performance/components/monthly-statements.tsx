import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { STATEMENT_APY_NOTE, STATEMENT_FIGURES, statementLinks, statementQuietMonthText } from '@keel/core/statement-format';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { NativeSelect } from '~/components/ui/select';
import { Spinner } from '~/components/ui/spinner';
import { browserTimeZone, statementMonthsQueryOptions, statementQueryOptions, type StatementData } from '../api/statements';

const monthTitle = (entry: { label: string; isToDate: boolean }) => `${entry.label}${entry.isToDate ? ' (so far)' : ''}`;

/** Each vault's month: a table from sm up, one short list per vault on a phone (no sideways scrolling). */
function StatementFigures({ statement }: { statement: StatementData }) {
  const rows = [
    ...statement.vaults.map((vault) => ({ key: vault.id, name: vault.name, figures: vault })),
    ...(statement.vaults.length > 1 ? [{ key: 'total', name: 'All vaults', figures: statement.totals }] : []),
  ];
  return (
    <>
      <table className="hidden w-full text-sm sm:table">
        <caption className="mb-2 text-left font-medium">{monthTitle(statement)}, by vault</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              Vault
            </th>
            {STATEMENT_FIGURES.map((figure) => (
              <th key={figure.label} scope="col" className="px-2 py-2 text-right font-medium">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-b-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {row.name}
              </th>
              {STATEMENT_FIGURES.map((figure) => (
                <td key={figure.label} className="px-2 py-2 text-right tabular-nums">
                  {figure.show(row.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-col gap-4 sm:hidden">
        {rows.map((row) => (
          <section key={row.key} aria-label={`${row.name}, ${monthTitle(statement)}`} className="rounded-md border p-3">
            <h3 className="mb-2 font-medium">{row.name}</h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
              {STATEMENT_FIGURES.map((figure) => (
                <div key={figure.label} className="contents">
                  <dt className="text-muted-foreground">{figure.label}</dt>
                  <dd className="text-right tabular-nums">{figure.show(row.figures)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </>
  );
}

function StatementSummary({ month, timeZone }: { month: string; timeZone: string }) {
  const statement = useQuery(statementQueryOptions(month, timeZone));
  if (statement.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner label="Loading the statement" /> Loading the statement…
      </div>
    );
  }
  if (statement.isError) {
    return (
      <Alert variant="destructive">
        This statement could not be loaded. {statement.error.message} Please try again in a moment.
      </Alert>
    );
  }
  const data = statement.data;
  const quiet = statementQuietMonthText(data);
  return (
    <div className="flex flex-col gap-3" data-testid="statement-summary">
      {data.isToDate ? (
        <p className="text-sm text-muted-foreground">This month is not over yet: the figures are so far and will change.</p>
      ) : null}
      {quiet ? <p className="text-sm">{quiet}</p> : null}
      {data.hasPosition ? <StatementFigures statement={data} /> : null}
      {data.unavailableVaults.map((vault) => (
        <p key={vault.id} className="text-sm text-muted-foreground">
          {vault.name} is unavailable right now and is not included.
        </p>
      ))}
      {data.hasPosition ? <p className="text-xs text-muted-foreground">{STATEMENT_APY_NOTE}</p> : null}
    </div>
  );
}

/**
 * The performance page's monthly statements: pick a month (the newest first),
 * read its summary per vault, download the printable statement or its CSV.
 * Months close at midnight in the browser's time zone.
 */
export function MonthlyStatements() {
  const [timeZone] = useState(browserTimeZone);
  const months = useQuery(statementMonthsQueryOptions(timeZone));
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const available = months.data?.months ?? [];
  const month = available.find((entry) => entry.month === chosen)?.month ?? available[0]?.month ?? null;
  const links = month === null ? null : statementLinks('', month, timeZone);

  return (
    <section aria-labelledby={`${selectId}-heading`}>
      <Card>
        <CardHeader className="gap-1">
          <h2 id={`${selectId}-heading`} className="text-lg font-semibold leading-tight">
            Monthly statements
          </h2>
          <p className="text-sm text-muted-foreground">
            What your savings were worth at the start and end of each month, what went in and out, and what they earned. Months
            end at midnight in your time zone ({timeZone}).
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {months.isPending ? (
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label="Loading your statements" /> Loading your statements…
            </div>
          ) : null}
          {months.isError ? (
            <Alert variant="destructive">
              Your statements could not be loaded. {months.error.message} Please try again in a moment.
            </Alert>
          ) : null}
          {months.isSuccess && month === null ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              No statements yet — your first one appears after your first deposit.
            </p>
          ) : null}
          {month !== null && links !== null ? (
            <>
              <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                <div className="flex flex-col gap-1 sm:w-56">
                  <label htmlFor={selectId} className="text-sm font-medium">
                    Month
                  </label>
                  <NativeSelect id={selectId} value={month} onChange={(event) => setChosen(event.target.value)}>
                    {available.map((entry) => (
                      <option key={entry.month} value={entry.month}>
                        {monthTitle(entry)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="flex flex-wrap gap-2">
                  {[
                    { href: links.html, label: 'Download statement' },
                    { href: links.csv, label: 'Download CSV' },
                  ].map((download) => (
                    <Button key={download.label} asChild variant="outline" size="sm">
                      <a href={download.href} download>
                        <Download aria-hidden="true" />
                        {download.label}
                      </a>
                    </Button>
                  ))}
                </div>
              </div>
              <StatementSummary month={month} timeZone={timeZone} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
