import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without types, shared with npm start and the test servers
import { SERVER_ARGS, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';

const root = path.resolve(__dirname, '../..');

describe('how the server is started', () => {
  it('runs with the same Node flags from npm run server, npm start and the test servers', () => {
    const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.server).toBe(`tsx ${(SERVER_ARGS as string[]).join(' ')}`);
    expect(SERVER_NODE_FLAGS).toEqual(expect.arrayContaining(['--max-semi-space-size=64', '--no-allocation-site-pretenuring']));
    for (const file of ['scripts/start.mjs', 'tests/support/real-server.mjs']) {
      const text = readFileSync(path.join(root, file), 'utf8');
      expect(text).toContain('SERVER_ARGS');
      expect(text).not.toMatch(/\[\s*'server\/src\/main\.ts'\s*\]/);
    }
  });
});
