import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { DASHBOARD_WEEK } from '../sample-data';
import { ExampleDataArea } from './example-data';

/** The sample week a saver sees until the indexer has found their own deposits. */
export function ExampleWeek() {
  return (
    <ExampleDataArea note="Sample figures, for illustration: not your money and not live vault data. Your own week replaces them once Base confirms your first deposit.">
      <Card>
        <CardHeader>
          <h3 className="text-lg font-semibold leading-tight">Example week: {DASHBOARD_WEEK.week}</h3>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="grid gap-4 sm:grid-cols-4">
            {DASHBOARD_WEEK.stats.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-muted-foreground">{stat.label}</dt>
                <dd className="text-lg font-semibold">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-muted-foreground">
            Sample weekly stats for illustration. Your monthly summary comes at the end of August.
          </p>
        </CardContent>
      </Card>
    </ExampleDataArea>
  );
}
