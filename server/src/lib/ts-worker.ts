import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on a TypeScript module. The server's source is TypeScript run by tsx, and
 * the main thread's loader hooks do not reach worker threads: the thread loads its module through
 * tsx's API instead. `moduleUrl` is the worker's file, usually `new URL('./x-worker.ts', import.meta.url)`.
 */
export function startTsWorker(moduleUrl: URL): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(moduleUrl.href)}))`;
  return new Worker(bootstrap, { eval: true });
}
