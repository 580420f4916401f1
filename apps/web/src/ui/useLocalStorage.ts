import { useCallback, useSyncExternalStore } from 'react';

// same-tab writers notify each other; other tabs come through the 'storage' event
const localListeners = new Set<() => void>();

function subscribe(listener: () => void) {
  localListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    localListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policies): behave as empty
  }
}

/** Reads a JSON value stored under `key`, or `fallback` when missing or unreadable. */
export function readStored<T>(key: string, fallback: T): T {
  const raw = read(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON under `key` and tells every hook reading it. */
export function writeStored<T>(key: string, value: T): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the preference lasts for this page only
  }
  for (const l of localListeners) l();
}

/** A preference kept in localStorage under a fixed key (e.g. `sidebarCollapsed`, `persistPageSize`). */
export function useLocalStorage<T>(key: string, fallback: T): [T, (value: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  let value = fallback;
  if (raw !== null) {
    try {
      value = JSON.parse(raw) as T;
    } catch {
      value = fallback;
    }
  }
  const set = useCallback((next: T) => writeStored(key, next), [key]);
  return [value, set];
}
