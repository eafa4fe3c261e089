import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_STATEMENT_TIME_ZONE } from '@keel/core/statement-month';
import { api, readJson } from '~/lib/api-client';
import { HISTORY_QUERY_KEY } from '~/lib/query-keys';

/** Statements are history: a transfer or a wallet link refreshes them with the rest of /api/history. */
const STATEMENTS_QUERY_KEY = [...HISTORY_QUERY_KEY, 'statements'] as const;

/** The saver's time zone as the browser knows it; statements close at local midnight there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_STATEMENT_TIME_ZONE;
}

/** GET /api/statements: the months with a statement, newest first. */
export function statementMonthsQueryOptions(timeZone: string) {
  return queryOptions({
    queryKey: [...STATEMENTS_QUERY_KEY, timeZone],
    queryFn: async () => readJson(await api.statements.$get({ query: { timeZone } })),
  });
}

/** GET /api/statements/:month: one month's statement. */
export function statementQueryOptions(month: string, timeZone: string) {
  return queryOptions({
    queryKey: [...STATEMENTS_QUERY_KEY, timeZone, month],
    queryFn: async () => readJson(await api.statements[':month'].$get({ param: { month }, query: { timeZone } })),
  });
}

export type StatementMonths = Awaited<ReturnType<NonNullable<ReturnType<typeof statementMonthsQueryOptions>['queryFn']>>>;
export type StatementData = Awaited<ReturnType<NonNullable<ReturnType<typeof statementQueryOptions>['queryFn']>>>;
