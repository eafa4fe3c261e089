import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Test files share a worker's happy-dom window (isolate: false, vitest.config.ts), so each starts with what a new
// window has: no storage, no cookies, nothing in <head> and no attribute on <html>.
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
}

// findBy*/waitFor wait for a real signal; on a busy 2-core machine 1 s (the default)
// is not always enough to get there. A longer ceiling costs nothing when it passes.
configure({ asyncUtilTimeout: 5_000 });

// A test that logs a React error or warning fails (epic-stack's habit).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.warn called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
