import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '~/components/ui/accordion';
import type { FaqItem } from '../content/faq';

/** Single-open accordion of questions. */
export function FaqList({ items, testId }: { items: readonly FaqItem[]; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Accordion className="rounded-xl border bg-card px-5">
        {items.map((item) => (
          <AccordionItem key={item.id} value={item.id} className="last:border-b-0">
            <AccordionTrigger>{item.question}</AccordionTrigger>
            <AccordionContent>{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
