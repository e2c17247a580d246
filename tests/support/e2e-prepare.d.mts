// Types for tests/support/e2e-prepare.mjs.
export const SEEDED_DATA_DIR_ENV: string;
export function e2ePrepared(env?: NodeJS.ProcessEnv): boolean;
export function prepareE2e(): Promise<{ env: Record<string, string>; remove: () => void }>;
