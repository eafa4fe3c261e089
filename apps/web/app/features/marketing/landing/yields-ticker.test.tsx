import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YieldsTicker } from './yields-ticker';

/** The three figures as shown ("8.0%": one decimal and a percent sign), in page order. */
function shownFigures(): number[] {
  const list = screen.getByTestId('yields-ticker');
  return ['everyday-cash', 'smart-savings', 'growth-reserve'].map((id) => {
    const text = within(list).getByTestId(`ticker-${id}`).textContent ?? '';
    expect(text).toMatch(/^\d+\.\d%$/);
    return Number.parseFloat(text);
  });
}

describe('YieldsTicker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at 5.6 / 8.2 / 23.4, is labelled simulated, and drifts within ±0.1 / ±0.15 / ±0.5 every 5 s', () => {
    vi.useFakeTimers();
    render(<YieldsTicker />);
    expect(screen.getByText('Simulated', { exact: true })).toBeInTheDocument();
    expect(screen.getByText(/not live market rates/)).toBeInTheDocument();
    expect(shownFigures()).toEqual([5.6, 8.2, 23.4]);

    // The extremes of the random draw: each figure sits at its drift's edge, and a tick moves them.
    const random = vi.spyOn(Math, 'random').mockReturnValue(1);
    act(() => void vi.advanceTimersByTime(4_999));
    expect(shownFigures()).toEqual([5.6, 8.2, 23.4]);
    act(() => void vi.advanceTimersByTime(1));
    expect(shownFigures()).toEqual([5.7, 8.4, 23.9]);
    random.mockReturnValue(0);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(shownFigures()).toEqual([5.5, 8, 22.9]);

    // Anchored to the start: however many ticks, never further than the drift (and its rounding).
    random.mockRestore();
    for (let tick = 0; tick < 12; tick++) {
      act(() => void vi.advanceTimersByTime(5_000));
      const [everyday = 0, smart = 0, growth = 0] = shownFigures();
      expect(Math.abs(everyday - 5.6)).toBeLessThanOrEqual(0.1 + 0.05 + 1e-9);
      expect(Math.abs(smart - 8.2)).toBeLessThanOrEqual(0.15 + 0.05 + 1e-9);
      expect(Math.abs(growth - 23.4)).toBeLessThanOrEqual(0.5 + 0.05 + 1e-9);
    }
  });
});
