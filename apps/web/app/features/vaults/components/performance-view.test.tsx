import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PerformanceView } from './performance-view';

describe('PerformanceView', () => {
  it('starts on 30 Days and highlights the chosen range', async () => {
    const user = userEvent.setup();
    render(<PerformanceView />);
    const group = screen.getByRole('group', { name: 'Time range' });
    const labels = within(group)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels).toEqual(['7 Days', '30 Days', '90 Days', '1 Year', 'All Time']);
    expect(within(group).getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('$142.67')).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: '1 Year' }));
    expect(within(group).getByRole('button', { name: '1 Year' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('$1,284.95')).toBeInTheDocument();
  });

  it('labels its figures as sample data and colours signed amounts', () => {
    render(<PerformanceView />);
    expect(screen.getAllByText('Sample data').length).toBeGreaterThan(0);
    for (const title of ['Total Earnings', 'Average APY', 'Total Deposits', 'Best Month']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByText('Performance chart will be displayed here')).toBeInTheDocument();
    const activity = screen.getByRole('list', { name: 'Recent activity' });
    expect(within(activity).getByText('-$150.00')).toHaveClass('text-destructive');
    expect(within(activity).getByText('+$500.00')).toHaveClass('text-success');
  });
});
