/**
 * Test files share their worker's modules (vitest.config.ts), WXT's fake browser among them.
 * This setup file runs before each test file and gives it the fake browser as WXT made it,
 * emptied, as a worker of its own would: every namespace and property an earlier file
 * replaced, added or removed is put back, and the fake's stores are reset.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Namespaces = Record<string, unknown>;

/** Each namespace of the fake browser with its own properties, as they are now. */
function snapshot(): Map<string, [unknown, PropertyDescriptorMap]> {
  return new Map(
    Object.entries(fakeBrowser as unknown as Namespaces).map(([name, namespace]) => [
      name,
      [namespace, Object.getOwnPropertyDescriptors(namespace ?? {})],
    ]),
  );
}

/** Puts back every namespace and property a test file replaced, added or removed. */
function restore(pristine: Map<string, [unknown, PropertyDescriptorMap]>): void {
  const browser = fakeBrowser as unknown as Namespaces;
  for (const name of Object.keys(browser)) if (!pristine.has(name)) delete browser[name];
  for (const [name, [namespace, properties]] of pristine) {
    browser[name] = namespace;
    if (typeof namespace !== 'object' || namespace === null) continue;
    for (const key of Reflect.ownKeys(namespace)) {
      if (!(key in properties)) Reflect.deleteProperty(namespace, key);
    }
    Object.defineProperties(namespace, properties);
  }
}

// Taken once per worker, before any test file has changed anything.
const shared = globalThis as { pristineFakeBrowser?: ReturnType<typeof snapshot> };
shared.pristineFakeBrowser ??= snapshot();
restore(shared.pristineFakeBrowser);
fakeBrowser.reset();

// WXT's fake leaves the permission events' listeners unimplemented. Pages add and remove them
// (Check now), and Preact removes them after the next frame, when the test that mocked them may
// be over: here they do nothing instead of throwing into a later file.
for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
  event.addListener = () => {};
  event.removeListener = () => {};
}
