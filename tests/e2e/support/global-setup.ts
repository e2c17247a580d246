import { buildIfNeeded } from '../../support/real-server.mjs';
import { e2ePrepared, prepareE2e } from '../../support/e2e-prepare.mjs';

/**
 * vitest globalSetup of the e2e project: the console built, and the server bundle and seeded data
 * directory of e2e-prepare.mjs, unless `npm test` made them already (and removes them itself).
 */
export default async function setup(): Promise<(() => void) | undefined> {
  buildIfNeeded({ quiet: true });
  if (e2ePrepared()) return undefined;
  const prepared = await prepareE2e();
  Object.assign(process.env, prepared.env);
  return prepared.remove;
}
