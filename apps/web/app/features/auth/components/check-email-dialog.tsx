import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@keel/core/paths';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';

/** Shown after sign-up: the verification link is on its way. */
export function CheckEmailDialog({
  email,
  open,
  onOpenChange,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-200">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>Check Your Email</DialogTitle>
          <DialogDescription>
            We&apos;ve sent a verification link to <strong className="text-foreground">{email}</strong>. Click the link in the
            email to verify your account, then sign in.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            I&apos;ll verify later
          </Button>
          <Button asChild>
            <Link to={paths.signIn}>Go to Sign In</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
