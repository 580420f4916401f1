import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { apiTarget } from '../../api/target.js';
import { liveStream } from './stream.js';

/** Keeps the tab's live stream open while someone is signed in (mounted once, below the session). */
export function LiveUpdates() {
  const client = useQueryClient();
  // direct mode: an EventSource cannot carry the bearer token, so pages poll instead
  useEffect(() => (apiTarget.direct ? undefined : liveStream.acquire(client)), [client]);
  return null;
}

/** Whether live updates arrive now; pages poll only while this is false. */
export function useLive(): boolean {
  return useSyncExternalStore(
    (onChange) => liveStream.subscribe(onChange),
    () => liveStream.connected,
    () => false,
  );
}

/** A refetch interval that polls only while the stream is down. */
export function useFallbackInterval(ms: number): number | false {
  return useLive() ? false : ms;
}
