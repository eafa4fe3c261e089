import { Loader2 } from '~/components/ui/shell-icons';
import { cn } from '~/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      <span className="sr-only">{label ?? 'Loading'}</span>
    </span>
  );
}

/** The centred spinner shown while a page waits for the session. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center">
      <Spinner className="size-8 text-primary" {...(label ? { label } : {})} />
    </div>
  );
}
