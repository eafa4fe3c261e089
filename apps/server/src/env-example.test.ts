import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);

/** The variable names config.ts parses (the keys of its zod env schema). */
function configVariables(): string[] {
  const source = readFileSync(new URL('apps/server/src/config.ts', ROOT), 'utf8');
  const schema = source.slice(
    source.indexOf('const envSchema = z.object({'),
    source.indexOf('\n});', source.indexOf('const envSchema')),
  );
  return [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? '');
}

describe('.env.example', () => {
  it('lists every variable the server reads, so an operator sees them all in one place', () => {
    const example = readFileSync(new URL('.env.example', ROOT), 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(30);
    expect(variables.filter((name) => !listed.has(name))).toEqual([]);
  });
});
