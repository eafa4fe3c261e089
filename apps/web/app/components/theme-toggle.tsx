import { useSyncExternalStore } from 'react';
import { Moon, Sun } from '~/components/ui/shell-icons';
import { useEarlyClick } from '~/hooks/use-early-input';
import { chooseTheme, currentTheme, followSystemTheme, type Theme } from '~/lib/theme';

/** Re-renders when the class on <html> changes (the toggle, or the system setting while no choice is kept). */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  const stopFollowing = followSystemTheme();
  return () => {
    observer.disconnect();
    stopFollowing();
  };
}

/**
 * Switches between the light and dark themes. The prerendered HTML cannot know
 * the theme (the head script sets it), so the pressed state is stated only
 * once the page is hydrated.
 */
export function ThemeToggle() {
  const theme = useSyncExternalStore<Theme | null>(subscribe, currentTheme, () => null);
  const isDark = theme === 'dark';
  // A press before hydration (content pages hydrate after the load event) is replayed, not lost.
  const early = useEarlyClick();
  return (
    <button
      {...early}
      type="button"
      aria-label="Dark theme"
      aria-pressed={theme === null ? undefined : isDark}
      title={isDark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark')}
      className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Moon className="size-4 dark:hidden" />
      <Sun className="hidden size-4 dark:block" />
    </button>
  );
}
