import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

/*
 * Toasts without putting sonner in every page's first download: the library
 * and its <Toaster> load on the first toast. Same call shapes as sonner's
 * `toast`, so features write `toast.success('Saved', { description })`.
 */

type Message = string;
type Options = ExternalToast;
type Sonner = typeof SonnerModule;

let mountToaster: (() => Promise<void>) | null = null;
let sonner: Promise<Sonner> | null = null;
const pending: Array<() => void> = [];

/** Called once by <LazyToaster>: gives the facade a way to mount the real Toaster. */
export function registerToasterMount(mount: () => Promise<void>): void {
  mountToaster = mount;
  while (pending.length > 0) pending.shift()?.();
}

async function ready(): Promise<Sonner> {
  if (!mountToaster) {
    await new Promise<void>((resolve) => pending.push(resolve));
  }
  sonner ??= import('sonner');
  const [module] = await Promise.all([sonner, mountToaster?.()]);
  return module;
}

function show(call: (module: Sonner) => void): void {
  ready()
    .then(call)
    .catch((error: unknown) => console.error('toast failed', error));
}

function base(message: Message, options?: Options): void {
  show((module) => module.toast(message, options));
}

export const toast = Object.assign(base, {
  success: (message: Message, options?: Options) => show((module) => module.toast.success(message, options)),
  error: (message: Message, options?: Options) => show((module) => module.toast.error(message, options)),
  info: (message: Message, options?: Options) => show((module) => module.toast.info(message, options)),
  warning: (message: Message, options?: Options) => show((module) => module.toast.warning(message, options)),
  message: (message: Message, options?: Options) => show((module) => module.toast.message(message, options)),
  dismiss: (id?: string | number) => show((module) => module.toast.dismiss(id)),
});

/** Loads sonner early (e.g. when a form gains focus) so the first toast is instant. */
export function preloadToasts(): void {
  sonner ??= import('sonner');
}
