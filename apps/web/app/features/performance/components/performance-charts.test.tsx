import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryData } from '../api/history';
import { historyData } from '../history-fixtures';
import PerformanceCharts from './performance-charts';

type Chart = HistoryData['chart'];

const RECEIVED: Chart['markers'][number] = {
  time: '2026-08-12T00:00:00.000Z',
  type: 'Received',
  vault: 'Wallet',
  amount: '40000000',
  value: '40000000',
};
const SENT: Chart['markers'][number] = {
  time: '2026-08-20T00:00:00.000Z',
  type: 'Sent',
  vault: 'Wallet',
  amount: '-15000000',
  value: '25000000',
};

function chartWith(wallets: (string | null)[], markers: Chart['markers']): Chart {
  const times = ['2026-08-11T00:00:00.000Z', RECEIVED.time, SENT.time, '2026-09-10T12:00:00.000Z'];
  return historyData({
    chart: {
      balance: wallets.map((wallet, index) => ({ time: times[index] ?? '', value: '0', wallet })),
      markers,
      sharePrices: [],
    },
  }).chart;
}

/**
 * The legend once recharts has drawn it, name and ink of each series (recharts orders them by name). happy-dom lays
 * out no lines; the legend lists exactly the series the chart holds.
 */
async function legend(): Promise<string[]> {
  await screen.findByText('Balance');
  return [...document.querySelectorAll<HTMLElement>('.recharts-legend-item-text')].map(
    (item) => `${item.textContent} ${item.style.color}`,
  );
}

describe('the balance chart', () => {
  beforeEach(() => {
    // recharts draws only into a box with a size; happy-dom lays nothing out.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ width: 800, height: 300 }));
  });

  it('adds Ready to deposit as a second line in the legend, with the Received and Sent markers on it', async () => {
    render(<PerformanceCharts view="balance" chart={chartWith(['0', '40000000', '25000000', '25000000'], [SENT, RECEIVED])} />);
    // Each in a theme colour of its own: the wallet's line and its markers apart from the vaults'.
    expect(await legend()).toEqual([
      'Balance var(--color-chart-1)',
      'Deposits var(--color-success)',
      'Ready to deposit var(--color-chart-2)',
      'Received var(--color-chart-2)',
      'Sent var(--color-chart-3)',
      'Withdrawals var(--color-destructive)',
    ]);
  });

  it('has no Ready to deposit line when the wallet never held any, or it is not known', async () => {
    const { unmount } = render(<PerformanceCharts view="balance" chart={chartWith(['0', '0', '0', '0'], [])} />);
    expect((await legend()).map((item) => item.split(' ')[0])).toEqual(['Balance', 'Deposits', 'Withdrawals']);
    unmount();
    render(<PerformanceCharts view="balance" chart={chartWith([null, null, null, null], [])} />);
    expect((await legend()).map((item) => item.split(' ')[0])).toEqual(['Balance', 'Deposits', 'Withdrawals']);
  });
});
