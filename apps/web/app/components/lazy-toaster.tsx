import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@keel/core/constants';
import { currentTheme } from '~/lib/theme';
import { registerToasterMount } from '~/lib/toast';

/** The headers are h-16 (64 px): toasts start 8 px under them. */
const TOAST_OFFSET = { top: 72, right: 16, left: 16 } as const;

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/** Mounts sonner's Toaster the first time anything asks for a toast (see lib/toast.ts). */
export function LazyToaster() {
  const [wanted, setWanted] = useState(false);
  const waiters = useRef<Array<() => void>>([]);
  const isMounted = useRef(false);

  useEffect(() => {
    registerToasterMount(
      () =>
        new Promise<void>((resolve) => {
          if (isMounted.current) return resolve();
          waiters.current.push(resolve);
          setWanted(true);
        }),
    );
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        duration={TOAST_DURATION_MS}
        visibleToasts={TOAST_VISIBLE_MAX}
        richColors
        closeButton
        position="top-right"
        // Below the 4 rem sticky header of every shell, so a toast never covers the navigation
        // (phones: the header above, the signed-in tab bar below).
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        theme={currentTheme()}
      />
      <Mounted
        onMounted={() => {
          isMounted.current = true;
          for (const resolve of waiters.current.splice(0)) resolve();
        }}
      />
    </Suspense>
  );
}
