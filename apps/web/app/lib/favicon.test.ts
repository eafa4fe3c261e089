import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAVICON_DATA_URL, FAVICON_SVG } from './favicon';

describe('favicon', () => {
  it('is the same mark as public/favicon.svg, which the web app manifest lists', () => {
    const file = readFileSync(path.resolve(import.meta.dirname, '../../public/favicon.svg'), 'utf8');
    expect(FAVICON_SVG).toBe(file.trim());
  });

  it('decodes from its data URL to that mark', () => {
    expect(FAVICON_DATA_URL.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(FAVICON_DATA_URL.slice('data:image/svg+xml,'.length))).toBe(FAVICON_SVG);
  });
});
