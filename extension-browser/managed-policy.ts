/**
 * The administrator's policy for the extension in a test browser: what `storage.managed`
 * answers, set the way an enterprise sets it, and scoped to one launch so no other browser on
 * the machine sees it.
 *
 * - Chromium reads extension policies from a policy file under /etc/chromium/policies/managed
 *   ("3rdparty" → "extensions" → the extension id). The file is machine-wide, so it names the
 *   id of a private copy of the extension (an unpacked extension's id comes from its folder),
 *   which no other browser loads. Writing there needs root, as CI has.
 * - Firefox reads a managed-storage manifest from ~/.mozilla/managed-storage/<add-on id>.json;
 *   the browser is started with a home folder of its own that holds one.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What `storage.managed.get()` answers: keys as in public/managed-schema.json. */
export type ManagedPolicyData = Record<string, unknown>;

/** Where Debian's chromium reads mandatory policies from. */
export const CHROMIUM_POLICY_DIR = '/etc/chromium/policies/managed';

/** Whether this machine lets a test write Chromium's policy folder (root, as in CI). */
export function chromiumPolicyWritable(): boolean {
  try {
    mkdirSync(CHROMIUM_POLICY_DIR, { recursive: true });
    accessSync(CHROMIUM_POLICY_DIR, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** The id Chromium gives an unpacked extension loaded from `folder`. */
export function unpackedExtensionId(folder: string): string {
  const hex = createHash('sha256').update(realpathSync(folder)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** Writes the policy for the extension loaded from `folder`; returns what removes it. */
export function writeChromiumPolicy(folder: string, policy: ManagedPolicyData): () => void {
  if (!chromiumPolicyWritable()) {
    throw new Error(`Setting a policy needs write access to ${CHROMIUM_POLICY_DIR} (root)`);
  }
  const id = unpackedExtensionId(folder);
  const file = join(CHROMIUM_POLICY_DIR, `agent-readiness-badge-test-${id}.json`);
  writeFileSync(file, JSON.stringify({ '3rdparty': { extensions: { [id]: policy } } }));
  return () => rmSync(file, { force: true });
}

/** Writes Firefox's managed-storage manifest for `addonId` under the home folder `home`. */
export function writeFirefoxPolicy(home: string, addonId: string, policy: ManagedPolicyData) {
  const folder = join(home, '.mozilla', 'managed-storage');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${addonId}.json`),
    JSON.stringify({ name: addonId, description: 'test policy', type: 'storage', data: policy }),
  );
}
