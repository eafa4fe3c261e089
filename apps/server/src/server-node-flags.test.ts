import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';

const ROOT = new URL('../../../', import.meta.url);

describe('the server’s V8 flags', () => {
  it('are the same for the Docker image’s command as for npm start, bench:server and the start-up figures', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', ROOT), 'utf8');
    const command = dockerfile.match(/^CMD (\[.*\])$/m)?.[1];
    expect(command).toBeDefined();
    expect(JSON.parse(command ?? '[]')).toEqual([
      'node',
      '--enable-source-maps',
      ...SERVER_NODE_FLAGS,
      'apps/server/dist/main.js',
    ]);
    for (const script of ['scripts/start.mjs', 'scripts/bench-server.mjs', 'scripts/measure-startup.mjs']) {
      expect(readFileSync(new URL(script, ROOT), 'utf8')).toContain('...SERVER_NODE_FLAGS');
    }
  });
});
