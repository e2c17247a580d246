// Types for tests/support/real-server.mjs (plain ESM so web-test-runner's config can import it).
export const repoRoot: string;
export const SERVER_BUNDLE_ENV: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function freePort(): Promise<number>;
export function buildNeeded(): boolean;
export function buildIfNeeded(options?: { quiet?: boolean }): boolean;
export interface RealServer {
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}
export function startRealServer(options?: {
  name?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  dataDir?: string;
  /** A server bundle to start instead of `tsx server/src/main.ts` (default: MES_TEST_SERVER_BUNDLE). */
  bundle?: string;
}): Promise<RealServer>;
