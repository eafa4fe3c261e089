import 'react';

declare module 'react' {
  // Module augmentation merges into React's interface, which must keep its name and type parameter.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /**
     * Element Timing: the browser reports a PerformanceElementTiming entry with this identifier when
     * the element's text is first painted (Chromium). The prerendered dashboard frame names what the
     * wallet answer reveals, so its hydration can wait for that paint (scripts/defer-hydration.mjs).
     */
    elementtiming?: string;
  }
}
