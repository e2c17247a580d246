import { VERSION_CHECK_INTERVAL_MS } from './constants';

/** The version baked in by the build ('dev' when served by the Vite dev server). */
export const BUILD_VERSION: string = typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : 'dev';

export interface VersionLine {
  version: string;
  date: string;
}

/** `static/version.txt`: one `<version>,<ISO date>` per line, newest first. */
export function parseVersionFile(text: string): VersionLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const comma = line.indexOf(',');
      return comma < 0
        ? { version: line, date: '' }
        : { version: line.slice(0, comma).trim(), date: line.slice(comma + 1).trim() };
    });
}

/** The current URL with `v=<version>` set, so caches cannot serve the old entry page. */
export function versionedUrl(href: string, version: string): string {
  const url = new URL(href);
  url.searchParams.set('v', version);
  return url.toString();
}

function defaultReload(version: string): void {
  const location = globalThis.location;
  if (!location) return;
  // Already reloaded for this version and still stale: do not loop.
  if (new URL(location.href).searchParams.get('v') === version) return;
  location.replace(versionedUrl(location.href, version));
}

export interface VersionCheckOptions {
  baseURL?: string;
  intervalMs?: number;
  reload?: (version: string) => void;
  /** The running version; defaults to BUILD_VERSION. */
  currentVersion?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface VersionCheck {
  stop(): void;
  newerVersionKnown(): boolean;
  /** Fetches the file; true when a different version is published. */
  checkNow(): Promise<boolean>;
}

let activeCheck: { newer: string | null; reload: (version: string) => void } | null = null;

/** Spec §4: check on start and every 60 s; reload with a version query when the published one differs. */
export function startVersionCheck(options: VersionCheckOptions = {}): VersionCheck {
  const {
    baseURL = '',
    intervalMs = VERSION_CHECK_INTERVAL_MS,
    reload = defaultReload,
    currentVersion = BUILD_VERSION,
    fetchImpl = (...args: Parameters<typeof fetch>) => fetch(...args),
    now = Date.now,
  } = options;
  const state = { newer: null as string | null, reload };
  activeCheck = state;
  let stopped = false;

  async function checkNow(): Promise<boolean> {
    if (currentVersion === 'dev') return false;
    try {
      const url = `${baseURL.replace(/\/+$/, '')}/static/version.txt?t=${now()}`;
      const response = await fetchImpl(url, { cache: 'no-store' });
      if (!response.ok) return false;
      const latest = parseVersionFile(await response.text())[0]?.version;
      if (!latest || latest === currentVersion) return false;
      state.newer = latest;
      if (!stopped) reload(latest);
      return true;
    } catch {
      // Offline or the file is missing: try again at the next tick.
      return false;
    }
  }

  void checkNow();
  const timer = setInterval(() => void checkNow(), intervalMs);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      if (activeCheck === state) activeCheck = null;
    },
    newerVersionKnown: () => state.newer !== null,
    checkNow,
  };
}

/** Route changes reload while a newer version is known (spec §4). Returns whether it reloaded. */
export function reloadIfNewerVersion(): boolean {
  if (!activeCheck?.newer) return false;
  activeCheck.reload(activeCheck.newer);
  return true;
}
