import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import { ALL_PATHS, BARE_PATHS, PROTECTED_PATHS, PUBLIC_SHELL_PATHS } from '@keel/core/paths';
import routes from './routes';

type Page = { path: string; file: string; layouts: string[] };

/** Every page of the router's config with its full path and the layouts around it. */
function pagesOf(entries: readonly RouteConfigEntry[], parentPath = '', layouts: string[] = []): Page[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parentPath || '/' : entry.path ? `${parentPath}/${entry.path}` : parentPath;
    if (entry.children) return pagesOf(entry.children, path, [...layouts, entry.file]);
    return [{ path: path || '/', file: entry.file, layouts }];
  });
}

describe('the router config is core’s route table', () => {
  const pages = pagesOf(routes);
  const layoutsOf = (path: string) => pages.find((page) => page.path === path)?.layouts ?? [];

  it('has one page per path of the table, plus the 404 catch-all', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...ALL_PATHS, '/*'].sort());
    expect(new Set(pages.map((page) => page.file)).size).toBe(pages.length);
  });

  it('wraps the public pages in the shell, the protected ones in the guard, the bare ones in neither', () => {
    for (const path of PUBLIC_SHELL_PATHS) expect(layoutsOf(path)).toContain('layouts/public-shell.tsx');
    for (const path of PROTECTED_PATHS) expect(layoutsOf(path)).toContain('layouts/protected.tsx');
    for (const path of BARE_PATHS) {
      expect(layoutsOf(path)).not.toContain('layouts/public-shell.tsx');
      expect(layoutsOf(path)).not.toContain('layouts/protected.tsx');
    }
    expect(layoutsOf('/*')).toEqual([]);
  });
});
