/**
 * Light and dark themes. With no choice stored Keel follows the system setting;
 * a choice made with the toggle is kept in a cookie for a year (a cookie, not
 * local storage, so the server could read it too). The class on <html> is set
 * by THEME_SCRIPT in the page head before the first paint — the prerendered
 * pages never flash the wrong theme — and the server's CSP allows that inline
 * script by its hash (apps/server/src/modules/web/web-files.ts).
 */
export type Theme = 'light' | 'dark';

export const THEME_COOKIE = 'keel-theme';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Kept tiny and dependency-free: it runs before anything else on every page. */
export const THEME_SCRIPT = `(function(){try{var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark)/);var d=m?m[1]==='dark':matchMedia('${DARK_QUERY}').matches;var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'}catch(_){}})()`;

export function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * Shows a theme and remembers it. Choosing what the system already shows forgets
 * the choice instead, so Keel follows the system again from then on.
 */
export function chooseTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    theme === systemTheme()
      ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** Shows the system's theme whenever the system setting changes while no choice is stored. */
export function followSystemTheme(): () => void {
  const query = window.matchMedia(DARK_QUERY);
  const listener = () => {
    if (new RegExp(`(?:^|; )${THEME_COOKIE}=`).test(document.cookie)) return;
    chooseTheme(systemTheme());
  };
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
