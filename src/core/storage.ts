/** Web Storage access that also works where there is none (node, some embedded hosts). */

export function createMemoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => (data.has(key) ? (data.get(key) as string) : null),
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const fallbackSession = createMemoryStorage();
const fallbackLocal = createMemoryStorage();

function pick(name: 'sessionStorage' | 'localStorage', fallback: Storage): Storage {
  try {
    const storage = (globalThis as Record<string, unknown>)[name] as Storage | undefined;
    return storage ?? fallback;
  } catch {
    // Access throws in sandboxed iframes with storage disabled.
    return fallback;
  }
}

export const sessionStorageOf = (): Storage => pick('sessionStorage', fallbackSession);
export const localStorageOf = (): Storage => pick('localStorage', fallbackLocal);

export function storageKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}
