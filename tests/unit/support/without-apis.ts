/**
 * Runs a test with some of the fake browser's namespaces gone, as Firefox for Android has no
 * `windows`, `storage.managed`, menus or commands; puts them back afterwards.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Holder = Record<string, unknown>;

/** Paths such as `windows` or `storage.managed`. */
export async function withoutApis<R>(paths: readonly string[], test: () => Promise<R>): Promise<R> {
  const removed: { holder: Holder; name: string; value: unknown }[] = [];
  for (const path of paths) {
    const names = path.split('.');
    const name = names.pop() ?? '';
    const holder = names.reduce<Holder>(
      (parent, part) => parent[part] as Holder,
      fakeBrowser as unknown as Holder,
    );
    removed.push({ holder, name, value: holder[name] });
    delete holder[name];
  }
  try {
    return await test();
  } finally {
    for (const { holder, name, value } of removed.reverse()) holder[name] = value;
  }
}
