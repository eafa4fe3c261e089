import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import type { FaqItem } from '../content/faq';

/** Single-open accordion of questions. */
export function FaqList({
  items,
  testId,
  headingLevel,
}: {
  items: readonly FaqItem[];
  testId?: string;
  /** The questions' heading level: 2 where the list sits straight under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  return (
    <div data-testid={testId}>
      <Accordion className="rounded-xl border bg-card px-5">
        {items.map((item) => (
          <AccordionItem key={item.id} value={item.id} className="last:border-b-0">
            <AccordionTrigger headingLevel={headingLevel}>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
