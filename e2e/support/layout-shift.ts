import type { Page } from '@playwright/test';

/** What the page recorded from its first byte (recordLayout). */
export type LayoutRecord = {
  /** Sum of the 'layout-shift' entries without recent input: what CLS adds up (in session windows). */
  shift: number;
  /** Each such shift, with the nodes that moved (for a readable failure). */
  shifts: { value: number; at: number; sources: string[]; inPageHeader: boolean }[];
  /**
   * For each watched selector, every distinct top (page coordinates, rounded) at which it was painted,
   * sampled at each animation frame. A layout-shift entry only sees nodes that move; a node replaced by
   * another one at a new place (React's page taking over a prerendered frame) is a jump the user sees
   * that no entry reports, and this catches it.
   */
  tops: Record<string, number[]>;
  /** Console errors and page errors (a hydration mismatch is one). */
  errors: string[];
};

/**
 * Starts recording layout shifts and where the watched elements are painted, before the page's first
 * byte (an init script, so it runs for the next navigation and every later one).
 */
export async function recordLayout(page: Page, watch: readonly string[]): Promise<() => Promise<LayoutRecord>> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((selectors: readonly string[]) => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.id;
      return `${node.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const record = { shift: 0, shifts: [] as LayoutRecord['shifts'], tops: {} as Record<string, number[]> };
    (window as unknown as { __keelLayout: typeof record }).__keelLayout = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        record.shift += entry.value;
        record.shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map(
            (source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
          ),
          // The site's header (the page-wide <header>, not one inside <main>).
          inPageHeader: (entry.sources ?? []).every(
            (source) =>
              source.node instanceof Element && source.node.closest('header') !== null && source.node.closest('main') === null,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    for (const selector of selectors) record.tops[selector] = [];
    const sample = () => {
      for (const selector of selectors) {
        const element = document.querySelector(selector);
        if (!element || element.getClientRects().length === 0) continue;
        const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
        const tops = record.tops[selector];
        if (tops && !tops.includes(top)) tops.push(top);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, watch);
  return async () => {
    const recorded = await page.evaluate(
      () => (window as unknown as { __keelLayout: Omit<LayoutRecord, 'errors'> }).__keelLayout,
    );
    return { ...recorded, errors: [...errors] };
  };
}
