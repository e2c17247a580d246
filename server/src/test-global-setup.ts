import { makeTestTemplate } from './test-template';

/** vitest globalSetup of the server project: one seeded template database for the whole run. */
export default async function setup(): Promise<() => Promise<void>> {
  return makeTestTemplate();
}
