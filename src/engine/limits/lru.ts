/**
 * The one LRU every bounded cache in hookgate uses (compiled policies and pointers, tokens, dedup answers, shell
 * analyses): a Map iterates in insertion order, so its first key is the least recently set, and setting a key anew
 * moves it to the end.
 */

/** Sets `key` to `value` as the newest entry of `map`, dropping the oldest entries so that at most `max` remain. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  while (map.size >= max && map.size > 0) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
