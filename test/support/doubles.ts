// Test doubles of service objects. `{ ...instance, method }` copies only an instance's own fields: the methods on
// its prototype (a class's methods) are gone, and a call the test did not think of fails as "not a function" instead
// of reaching the real store. These keep every method and replace only the ones named.

/** `instance` with `overrides` in front: everything else is the instance's own (same `this`, same state). */
export function withOverrides<T extends object>(instance: T, overrides: Partial<T>): T {
  return Object.assign(Object.create(instance) as T, overrides);
}
