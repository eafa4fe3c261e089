import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from '~/components/submit-button';

describe('SubmitButton', () => {
  it('reads its label and can be pressed while idle', () => {
    render(
      <SubmitButton isBusy={false} busyLabel="Sending...">
        Send Reset Link
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
  });

  it('reads its working label and cannot be pressed again while busy', () => {
    render(
      <SubmitButton isBusy busyLabel="Creating Account...">
        Create Account
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  it('stays disabled while the form is not ready, even when idle', () => {
    render(
      <SubmitButton isBusy={false} busyLabel="Updating Password..." disabled>
        Update Password
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeDisabled();
  });
});
