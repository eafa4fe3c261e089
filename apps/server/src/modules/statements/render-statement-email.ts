import {
  STATEMENT_APY_NOTE,
  statementDay,
  statementMoney,
  statementPercent,
  statementQuietMonthText,
  statementSignedMoney,
  statementTitle,
  type StatementLinks,
} from '@keel/core/statement-format';
import { renderEmail } from '../../mail/email-layout.js';
import type { MonthlyStatement } from './build-monthly-statement.js';

export type StatementEmail = { subject: string; text: string; html: string };

function summaryParagraph(statement: MonthlyStatement): string {
  const { totals, timeZone } = statement;
  const apy = totals.realisedApy === null ? '' : `, a realised APY of ${statementPercent(totals.realisedApy)}`;
  return (
    `On ${statementDay(statement.periodStart, timeZone)} your savings were worth ${statementMoney(totals.openingValue)}. ` +
    `You deposited ${statementMoney(totals.deposits)} and withdrew ${statementMoney(totals.withdrawals)}. ` +
    `They earned ${statementSignedMoney(totals.earned)}${apy}, and were worth ${statementMoney(totals.closingValue)} at the end.`
  );
}

function vaultLine(vault: MonthlyStatement['vaults'][number]): string {
  return (
    `${vault.name}: ${statementMoney(vault.openingValue)} at the start, ${statementMoney(vault.closingValue)} at the end; ` +
    `deposits ${statementMoney(vault.deposits)}, withdrawals ${statementMoney(vault.withdrawals)}, ` +
    `earned ${statementSignedMoney(vault.earned)}, realised APY ${statementPercent(vault.realisedApy)}.`
  );
}

/**
 * The monthly statement mail (pure: the caller sends it). Plain words and the
 * exact figures of the statement, with links to the printable statement and
 * the month's CSV; a quiet month says so instead of listing zeros.
 */
export function renderStatementEmail(
  statement: MonthlyStatement,
  links: StatementLinks,
  options: { greeting?: string; notes?: readonly string[] } = {},
): StatementEmail {
  const title = statementTitle(statement);
  const quiet = statementQuietMonthText(statement);
  const paragraphs = statement.hasPosition
    ? [...(quiet ? [quiet] : []), summaryParagraph(statement), ...statement.vaults.map(vaultLine)]
    : [quiet ?? ''];
  const rendered = renderEmail({
    preheader: statement.hasPosition
      ? `You earned ${statementSignedMoney(statement.totals.earned)} in ${title}.`
      : `Nothing moved in ${title}.`,
    heading: `Your statement for ${title}`,
    greeting: options.greeting ?? 'Hello,',
    paragraphs,
    action: { label: 'Download your statement', url: links.html },
    notes: [
      `This month's activity as a spreadsheet (CSV): ${links.csv}`,
      `Statements for every past month are on your performance page: ${links.page}`,
      ...(statement.hasPosition ? [STATEMENT_APY_NOTE] : []),
      ...(options.notes ?? []),
    ],
  });
  return { subject: `Your Keel statement for ${title}`, ...rendered };
}
