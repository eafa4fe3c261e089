import { useState } from 'react';
import { toast } from '~/lib/toast';
import { AUTH_MESSAGES } from '@keel/core/auth-messages';
import { authErrorMessage, resendVerificationEmail } from '~/lib/auth-client';
import { hasErrorCode } from '~/lib/api-client';

/** The real resend call, with its toasts ('Please check your email for a new verification link.' / 'Failed to resend verification email.'); the server's own limit message on 429. */
export function useResendVerification() {
  const [isSending, setIsSending] = useState(false);
  const resend = async (email: string): Promise<boolean> => {
    setIsSending(true);
    try {
      await resendVerificationEmail({ email });
      toast.info(AUTH_MESSAGES.resendSent);
      return true;
    } catch (error) {
      toast.error(
        hasErrorCode(error, 'RATE_LIMITED') ? authErrorMessage(error, AUTH_MESSAGES.resendFailed) : AUTH_MESSAGES.resendFailed,
      );
      return false;
    } finally {
      setIsSending(false);
    }
  };
  return { resend, isSending };
}
