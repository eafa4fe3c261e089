import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import type * as authClient from '~/lib/auth-client';
import { signUpWithEmail } from '~/lib/auth-client';
import { toast } from '~/lib/toast';
import { SignUpForm } from './sign-up-form';

vi.mock('~/lib/toast', () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), message: vi.fn() }),
}));

vi.mock('~/lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof authClient>()),
  signUpWithEmail: vi.fn(),
}));

function renderForm() {
  render(
    <MemoryRouter>
      <SignUpForm />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'ada@keel.test') {
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), 'Keel-Saver-1');
  await user.type(screen.getByLabelText('Confirm Password'), 'Keel-Saver-1');
  await user.click(screen.getByRole('checkbox'));
}

describe('SignUpForm', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    window.localStorage.clear();
  });

  it('shows each field message on submit and clears it when that field is edited', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(signUpWithEmail).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and lower-cased email, then opens Check Your Email', async () => {
    vi.mocked(signUpWithEmail).mockResolvedValue({ status: true });
    const user = renderForm();
    await fillValid(user, 'Ada@Keel.TEST');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(within(dialog).getByText('ada@keel.test')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(signUpWithEmail).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@keel.test', password: 'Keel-Saver-1' });
    await user.click(within(dialog).getByRole('button', { name: "I'll verify later" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the server message, or the fallback when there is none', async () => {
    vi.mocked(signUpWithEmail).mockRejectedValueOnce(new ApiError(422, 'X', 'Server says no'));
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Server says no'));
    vi.mocked(signUpWithEmail).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create account. Please try again.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stops a 4th attempt for the same email within 30 minutes', async () => {
    vi.mocked(signUpWithEmail).mockRejectedValue(new ApiError(500, 'X', 'nope'));
    const user = renderForm();
    await fillValid(user);
    for (let attempt = 0; attempt < 3; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      await waitFor(() => expect(signUpWithEmail).toHaveBeenCalledTimes(attempt + 1));
    }
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Too many sign-up attempts. Please wait before trying again.'));
    expect(signUpWithEmail).toHaveBeenCalledTimes(3);
  });
});

describe('SignUpForm hydrated over prerendered HTML', () => {
  it('takes what was typed before hydration: the meter and the match indicator see it', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const tree = (
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const field = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`);
    // Typed into the bare HTML: no React listens yet.
    for (const [id, value] of [
      ['fullName', 'Ada Lovelace'],
      ['email', 'Ada@Keel.test'],
      ['password', 'abc'],
      ['confirmPassword', 'abc'],
    ] as const) {
      const input = field(id);
      if (input) input.value = value;
    }
    await act(async () => {
      hydrateRoot(container, tree);
    });
    expect(within(container).getByText('Password strength: Very Weak')).toBeInTheDocument();
    expect(within(container).getByText('Passwords match')).toBeInTheDocument();
    expect(field('password')?.value).toBe('abc');
    container.remove();
  });
});
