import { isValidElement, type ReactElement } from 'react';

/**
 * A signed-in route's `handle`: the frame the protected layout renders while
 * the session is checked — in the page's prerendered HTML too, for a route in
 * core's SIGNED_IN_FRAME_PATHS. Only what every signed-in user sees.
 */
export type SignedInRouteHandle = { frame: ReactElement };

/** The frame a matched route's handle names, or null (the generic page skeleton is used). */
export function signedInFrameOf(handle: unknown): ReactElement | null {
  if (typeof handle !== 'object' || handle === null || !('frame' in handle)) return null;
  return isValidElement(handle.frame) ? handle.frame : null;
}

/**
 * The id of an empty element the protected layout renders after a route's frame and the session spinner over it.
 * A page whose frame is prerendered holds its first paint until that element is parsed
 * (FRAME_RENDER_HOLD), so the frame is never painted half-made: mid-parse on a busy machine the
 * dashboard's third action was painted as an empty box, then widened when its text arrived and moved
 * the others along its row. Chromium lifts a `rel=expect` hold when the element with the id is inserted,
 * not when it is closed (measured on Chromium 156), so the id is on an empty element after everything the
 * frame paints: on the spinner's own box, the spinner was once painted before its icon was parsed and moved.
 */
export const FRAME_END_ID = 'signed-in-frame-end';

/**
 * For the `meta` of a route in core's SIGNED_IN_FRAME_PATHS. Browsers without `rel=expect` ignore it, and
 * once the HTML is parsed it holds nothing, so a page React renders later is never held.
 */
export const FRAME_RENDER_HOLD = { tagName: 'link', rel: 'expect', href: `#${FRAME_END_ID}`, blocking: 'render' } as const;
