import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/**
 * A styled native <select>: keyboard, screen-reader and mobile pickers work
 * out of the box, and disabled options ("Coming Soon") are announced as such.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
