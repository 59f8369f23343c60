/** Tasks one after another per key, different keys concurrently; in memory (README). */
export function createKeyedQueue<K>() {
  const tails = new Map<K, Promise<unknown>>();
  const settled = () => undefined;
  return {
    /** Runs `task` once every earlier task for `key` has settled; settles like `task`. */
    run<T>(key: K, task: () => Promise<T>): Promise<T> {
      // A failed task must not block the ones after it: they wait for it to settle, not succeed.
      const result = (tails.get(key) ?? Promise.resolve()).then(task, task);
      const tail = result.then(settled, settled);
      tails.set(key, tail);
      tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
