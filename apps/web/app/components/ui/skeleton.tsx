import type { ComponentProps } from 'react';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/lib/cn';

/** A grey block standing in for content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/**
 * The outline of a page while its code or data loads: a heading, a row of
 * figure cards and a content block, so the page does not jump when it arrives.
 * `withSpinner` centres a spinner on it (the signed-in guard's session check);
 * otherwise the status is announced to screen readers only.
 */
export function PageSkeleton({ label, withSpinner = false }: { label: string; withSpinner?: boolean }) {
  return (
    <div className="relative flex flex-col gap-6" data-testid="page-skeleton">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-64" />
      {withSpinner ? (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-8 text-primary" label={label} />
        </div>
      ) : (
        <span role="status" className="sr-only">
          {label}
        </span>
      )}
    </div>
  );
}
