/**
 * Sets `key` in `map`, first evicting the oldest entries (Map keeps insertion order) so the map
 * never holds more than `max`. For process-wide caches keyed by what users configure: a server
 * runs for months, and a cache without a bound grows with every distinct key it ever saw.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key); // a refreshed key moves to the newest end
  while (map.size >= max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
  map.set(key, value);
}
