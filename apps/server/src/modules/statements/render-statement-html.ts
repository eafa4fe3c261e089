import {
  NOT_MEANINGFUL,
  STATEMENT_FIGURES,
  STATEMENT_APY_NOTE,
  statementActivityLabel,
  statementQuietMonthText,
  statementSignedMoney,
  statementTime,
  statementTitle,
  type StatementLinks,
} from '@keel/core/statement-format';
import { escapeHtml } from '../../mail/email-layout.js';
import type { MonthlyStatement, StatementVault } from './build-monthly-statement.js';

/** The printable statement's file name. */
export function statementFileName(month: string): string {
  return `keel-statement-${month}.html`;
}

/** Everything the document shows goes through here: no value reaches the HTML unescaped. */
const text = (value: string) => escapeHtml(value);

/** Print-first styles, inline so the saved file needs nothing else. */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;padding:24px;font:14px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#fff}
main{max-width:860px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}h3{font-size:15px;margin:20px 0 6px}
.brand{color:#0f766e;font-weight:700;font-size:18px;margin:0 0 12px}
.muted{color:#4b5563}.note{font-size:12px;color:#4b5563}
table{width:100%;border-collapse:collapse;margin:8px 0 16px}
caption{text-align:left;font-weight:600;padding:0 0 6px}
th,td{padding:6px 8px;border-bottom:1px solid #d1d5db;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.tx{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:11px;word-break:break-all}
@media (max-width:600px){body{padding:12px}th,td{padding:4px}.wide thead{display:none}.wide tr{display:block;border-bottom:1px solid #d1d5db;padding:4px 0}.wide th,.wide td{display:flex;justify-content:space-between;gap:12px;border:0;text-align:left}.wide td::before{content:attr(data-label);color:#4b5563}}
@media print{body{padding:0;font-size:11pt}a{color:inherit;text-decoration:none}h2,h3{break-after:avoid}tr{break-inside:avoid}.screen-only{display:none}}
`;

function summaryTable(statement: MonthlyStatement): string {
  const rows = STATEMENT_FIGURES.map(
    (row) => `<tr><th scope="row">${text(row.label)}</th><td class="num">${text(row.show(statement.totals))}</td></tr>`,
  ).join('');
  return `<table><caption>All vaults together</caption><tbody>${rows}</tbody></table>`;
}

function vaultsTable(statement: MonthlyStatement): string {
  const head = `<tr><th scope="col">Vault</th>${STATEMENT_FIGURES.map((row) => `<th scope="col" class="num">${text(row.label)}</th>`).join('')}</tr>`;
  const rows = statement.vaults
    .map(
      (vault) =>
        `<tr><th scope="row">${text(vault.name)}</th>${STATEMENT_FIGURES.map((row) => `<td class="num" data-label="${text(row.label)}">${text(row.show(vault))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="wide"><caption>Each vault</caption><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

function activityTable(vault: StatementVault, timeZone: string): string {
  if (vault.activity.length === 0) {
    return `<p class="muted">No deposits or withdrawals in ${text(vault.name)} this month.</p>`;
  }
  const rows = vault.activity
    .map(
      (row) =>
        `<tr><td>${text(statementTime(row.time, timeZone))}</td><td>${text(statementActivityLabel(row.type))}</td>` +
        `<td class="num">${text(statementSignedMoney(row.amount))}</td><td class="tx">${text(row.txHash ?? NOT_MEANINGFUL)}</td></tr>`,
    )
    .join('');
  return (
    `<table><caption>${text(vault.name)}: activity</caption>` +
    `<thead><tr><th scope="col">Date (${text(timeZone)})</th><th scope="col">What happened</th><th scope="col" class="num">Amount</th><th scope="col">Transaction</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>`
  );
}

/**
 * The statement as one self-contained HTML document to save or print: no
 * scripts, no external files, every value escaped.
 */
export function renderStatementHtml(statement: MonthlyStatement, links: StatementLinks): string {
  const title = statementTitle(statement);
  const quiet = statementQuietMonthText(statement);
  const notices = [
    statement.isToDate ? 'This month is not over yet: the figures are so far and will change.' : null,
    statement.indexing ? 'Some of your history is still being read from the chain, so figures may be missing.' : null,
    ...statement.unavailableVaults.map((vault) => `${vault.name} is unavailable right now and is not included.`),
  ].filter((notice): notice is string => notice !== null);
  const body = statement.hasPosition
    ? `<h2>Summary</h2>${summaryTable(statement)}<h2>By vault</h2>${vaultsTable(statement)}<h2>Activity</h2>${statement.vaults
        .map((vault) => activityTable(vault, statement.timeZone))
        .join('')}`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${text(`Keel statement — ${title}`)}</title><style>${STYLES}</style></head>
<body><main>
<p class="brand">Keel</p>
<h1>${text(`Monthly statement — ${title}`)}</h1>
<p class="muted">${text(`${statementTime(statement.periodStart, statement.timeZone)} to ${statementTime(statement.periodEnd, statement.timeZone)}, times in ${statement.timeZone}.`)}${
    statement.asOf
      ? ` ${text(`Figures from Keel's records of the chain up to ${statementTime(statement.asOf, statement.timeZone)}.`)}`
      : ''
  }</p>
${notices.map((notice) => `<p><strong>${text(notice)}</strong></p>`).join('')}
${quiet ? `<p>${text(quiet)}</p>` : ''}
${body}
<p class="screen-only"><a href="${text(links.csv)}">Download this month's activity as CSV</a></p>
<p class="note">${text('Values are your vault shares at the start and end of the month times the vault’s share price then (the last price Keel recorded before that moment). Earned = closing value − opening value − deposits + withdrawals.')}</p>
<p class="note">${text(STATEMENT_APY_NOTE)}</p>
<p class="note">${text('Keel is not a bank and deposits are not FDIC insured.')}</p>
</main></body></html>`;
}
