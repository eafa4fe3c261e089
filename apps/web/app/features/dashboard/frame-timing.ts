/**
 * The Element Timing identifier of what the wallet answer reveals in the prerendered dashboard frame (the
 * first-run checklist's title, or the balances block): the frame's bootstrap starts the page's code once
 * the browser reports that paint (apps/web/scripts/defer-hydration.mjs, which names the same string).
 */
export const FRAME_REST_PAINTED = 'keel-frame-rest';
