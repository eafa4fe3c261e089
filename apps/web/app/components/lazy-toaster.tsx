import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@keel/core/constants';
import { currentTheme } from '~/lib/theme';
import { registerToasterMount } from '~/lib/toast';

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
