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
