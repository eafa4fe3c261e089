import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountMenu, initialsOf } from '~/components/account-menu';

describe('initialsOf', () => {
  it('takes the first letters of up to two names, or of the email when there is no name', () => {
    expect(initialsOf({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initialsOf({ name: 'ada byron king lovelace', email: 'ada@example.com' })).toBe('AB');
    expect(initialsOf({ name: '  ', email: 'grace@example.com' })).toBe('G');
  });
});

describe('AccountMenu', () => {
  it('names its button with the text it shows, so speech input can say what it sees', () => {
    render(
      <MemoryRouter>
        <AccountMenu user={{ name: 'Ada Lovelace', email: 'ada@example.com' }} onSignOut={() => undefined} />
      </MemoryRouter>,
    );
    const trigger = screen.getByTestId('account-menu-trigger');
    const name = trigger.getAttribute('aria-label') ?? '';
    const visibleText = (trigger.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect(visibleText).toBe('AL Ada Lovelace');
    // Every visible word is in the name, in the order shown.
    expect(name).toBe('AL Ada Lovelace, account menu');
    expect(screen.getByRole('button', { name: /^AL Ada Lovelace/ })).toBe(trigger);
  });

  it('leads to the account settings and the notification settings', async () => {
    render(
      <MemoryRouter>
        <AccountMenu user={{ name: 'Ada Lovelace', email: 'ada@example.com' }} onSignOut={() => undefined} />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByTestId('account-menu-trigger'));
    expect(await screen.findByRole('menuitem', { name: 'Account settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Notifications' })).toHaveAttribute('href', '/settings/notifications');
  });
});
