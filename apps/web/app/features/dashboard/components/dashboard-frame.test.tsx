import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FRAME_END_ID, signedInFrameOf } from '~/layouts/signed-in-frame-handle';
import { handle, meta } from '~/routes/dashboard';
import { DashboardFrame } from './dashboard-frame';

function renderFrame() {
  return render(
    <MemoryRouter>
      <DashboardFrame />
    </MemoryRouter>,
  );
}

describe('DashboardFrame (the HTML /dashboard is served with)', () => {
  it('shows what every signed-in user sees — title, actions, card titles — and no figure, name or address', () => {
    const { container } = renderFrame();
    const frame = screen.getByTestId('dashboard-frame');
    expect(within(frame).getByRole('heading', { level: 1 })).toHaveTextContent('Welcome Back');
    for (const title of ['Total Balance', 'Total Earnings', 'Average APY', 'Active Vaults']) {
      expect(within(frame).getByText(title)).toBeInTheDocument();
    }
    expect(container.textContent).not.toMatch(/\$|\d+\.\d|0x[0-9a-f]/i);
    // For a linked wallet the line keeps the address's room with a placeholder, not an address.
    const linkedLine = frame.querySelector('[data-frame-linked]');
    expect(linkedLine?.textContent).toBe('Linked wallet .');
    expect(linkedLine?.querySelector('[aria-hidden="true"]')).toHaveClass('w-[13ch]', 'font-mono', 'text-sm');
  });

  it('cannot be used before the page takes over: its actions and the rest are inert, the rest waits for the wallet mark', () => {
    renderFrame();
    const frame = screen.getByTestId('dashboard-frame');
    // The title stays readable; the actions and the rest cannot be pressed or focused.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome Back');
    expect(screen.getByText('Deposit').closest('[inert]')).not.toBeNull();
    // app.css shows one rest once <html data-keel-wallet> is set: for "none" the checklist copy above the
    // card outlines (the copy has none of the real checklist's test ids), for "linked" the block the page
    // shows until that wallet's facts are in.
    const none = frame.querySelector('[data-frame-rest="none"]');
    expect(none).toHaveAttribute('inert');
    expect(none?.textContent).toContain('Get started in three steps');
    expect(none?.textContent).toContain('Total Balance');
    const linked = frame.querySelector('[data-frame-rest="linked"]');
    expect(linked).toHaveAttribute('inert');
    expect(linked?.textContent).toBe('Loading balances Loading your balances…');
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument();
    expect(screen.queryByTestId('first-run-estimate')).not.toBeInTheDocument();
  });

  it('holds the first paint of its HTML until the whole frame is parsed (the element after it)', () => {
    expect(meta({} as Parameters<typeof meta>[0])).toContainEqual({
      tagName: 'link',
      rel: 'expect',
      href: `#${FRAME_END_ID}`,
      blocking: 'render',
    });
  });

  it('is the frame the dashboard route names for the protected layout', () => {
    const frame = signedInFrameOf(handle);
    expect(frame?.type).toBe(DashboardFrame);
    expect(signedInFrameOf(undefined)).toBeNull();
    expect(signedInFrameOf({ frame: 'text' })).toBeNull();
  });
});
