import { CHUNK_LOAD_TIMEOUT_MS } from '@core/constants';
import type { ModulePageLoader } from '../modules/registry';

/** A page chunk that has not arrived after 120 s counts as failed (spec §8). */
export function withLoadTimeout(load: ModulePageLoader, ms = CHUNK_LOAD_TIMEOUT_MS): ModulePageLoader {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('页面资源加载超时，请检查网络后刷新重试')), ms);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
