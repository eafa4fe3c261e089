import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { formatLongDay } from '~/lib/format-date';

/** The title block every informational page opens with. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="border-b bg-gradient-to-b from-accent to-background">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg text-muted-foreground">{children}</div>}
      </div>
    </header>
  );
}

export function PageSection({ className, children, ...props }: ComponentProps<'section'>) {
  return (
    <section className={cn('mx-auto max-w-5xl px-4 py-10 sm:px-6', className)} {...props}>
      {children}
    </section>
  );
}

export function SectionHeading({
  title,
  children,
  id,
  className,
}: {
  title: string;
  children?: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn('mb-8 max-w-3xl', className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-muted-foreground">{children}</p>}
    </div>
  );
}

/** Long-form text (legal pages, articles) with readable defaults. */
export function Prose({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'max-w-3xl text-base leading-7 text-foreground [&_a]:text-primary [&_a]:underline [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
      {...props}
    />
  );
}

/** A visible label on anything sample, simulated or a target (ARCHITECTURE: honesty on screen). */
export function SampleNote({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('text-xs text-muted-foreground', className)}>{children}</p>;
}

/** 'Last updated: 22 November 2026' with a machine-readable date (legal pages). */
export function LastUpdated({ isoDate }: { isoDate: string }) {
  return (
    <p className="text-sm" data-testid="last-updated">
      Last updated: <time dateTime={isoDate}>{formatLongDay(`${isoDate}T00:00:00Z`)}</time>
    </p>
  );
}
