import { useState } from 'react';

/**
 * True from the first render where `value` is true, for as long as the
 * component stays mounted: what the page has shown is not taken back by a refetch.
 */
export function useStaysTrue(value: boolean): boolean {
  const [hasBeenTrue, setHasBeenTrue] = useState(value);
  // Set while rendering (React's pattern for state that follows props), not in an effect.
  if (value && !hasBeenTrue) setHasBeenTrue(true);
  return value || hasBeenTrue;
}
