import { ChevronDown } from 'lucide-react';
import { createContext, useContext, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/lib/cn';

/*
 * A single-open accordion (FAQ lists open one answer at a time), written
 * by hand rather than with Radix so the landing page's JavaScript stays small.
 * Buttons carry aria-expanded/aria-controls; panels are labelled regions.
 */

type AccordionContextValue = { openValue: string | null; toggle: (value: string) => void };
const AccordionContext = createContext<AccordionContextValue | null>(null);
const ItemContext = createContext<{ value: string; baseId: string } | null>(null);

function useAccordion() {
  const context = useContext(AccordionContext);
  if (!context) throw new Error('Accordion parts must be inside <Accordion>');
  return context;
}

function useItem() {
  const context = useContext(ItemContext);
  if (!context) throw new Error('AccordionTrigger/Content must be inside <AccordionItem>');
  return context;
}

export function Accordion({
  className,
  children,
  defaultValue,
  value,
  onValueChange,
}: {
  className?: string;
  children: ReactNode;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}) {
  const [internal, setInternal] = useState<string | null>(defaultValue ?? null);
  const openValue = value !== undefined ? value || null : internal;
  const toggle = (next: string) => {
    const resolved = openValue === next ? '' : next;
    setInternal(resolved || null);
    onValueChange?.(resolved);
  };
  return (
    <AccordionContext.Provider value={{ openValue, toggle }}>
      <div className={className}>{children}</div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ className, value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const baseId = useId();
  const { openValue } = useAccordion();
  return (
    <ItemContext.Provider value={{ value, baseId }}>
      <div className={cn('border-b', className)} data-state={openValue === value ? 'open' : 'closed'} {...props}>
        {children}
      </div>
    </ItemContext.Provider>
  );
}

/** `headingLevel` fits the trigger into the page's outline: 3 under a section's h2, 2 straight under the h1. */
export function AccordionTrigger({
  className,
  children,
  headingLevel = 3,
  ...props
}: ComponentProps<'button'> & { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { openValue, toggle } = useAccordion();
  const { value, baseId } = useItem();
  const isOpen = openValue === value;
  return (
    <Heading className="flex">
      <button
        type="button"
        id={`${baseId}-trigger`}
        aria-expanded={isOpen}
        aria-controls={`${baseId}-panel`}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={() => toggle(value)}
        className={cn(
          'flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown className="size-4 shrink-0 transition-transform" aria-hidden="true" />
      </button>
    </Heading>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<'div'>) {
  const { openValue } = useAccordion();
  const { value, baseId } = useItem();
  const isOpen = openValue === value;
  return (
    <div
      id={`${baseId}-panel`}
      role="region"
      aria-labelledby={`${baseId}-trigger`}
      hidden={!isOpen}
      data-state={isOpen ? 'open' : 'closed'}
      className="overflow-hidden text-sm"
      {...props}
    >
      <div className={cn('pb-4 text-muted-foreground', className)}>{children}</div>
    </div>
  );
}
