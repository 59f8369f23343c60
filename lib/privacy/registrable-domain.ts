/**
 * The registrable domain of a host: its public suffix (by the Public Suffix List's ICANN
 * section) and one label more, `www.bbc.co.uk` → `bbc.co.uk`. The popup offers it beside the
 * host when the user pauses a site; it never offers a public suffix itself (`co.uk`).
 *
 * The rules are a table of thousands of names (lib/privacy/icann-suffix-rules.ts): the popup
 * loads this module only when it shows the choice, and nothing else needs it (matching paused
 * domains needs only the entries).
 */
import { ICANN_SUFFIX_RULES } from './icann-suffix-rules';

let rules: Map<string, ReadonlySet<string>> | null = null;

/** The table, read on first use: `parent → first labels` (`*` a wildcard, `!x` an exception). */
function suffixRules(): Map<string, ReadonlySet<string>> {
  if (rules === null) {
    rules = new Map();
    for (const group of ICANN_SUFFIX_RULES.split(';')) {
      const [parent = '', children = ''] = group.split(':');
      rules.set(parent, new Set(children.split(',')));
    }
  }
  return rules;
}

/** How many labels at the end of `labels` form its public suffix (the list's algorithm). */
function publicSuffixLength(labels: readonly string[]): number {
  const table = suffixRules();
  // The longest rule wins, and an exception wins over every rule: try the longest first.
  for (let length = labels.length; length >= 2; length -= 1) {
    const first = labels[labels.length - length] ?? '';
    const under = table.get(labels.slice(labels.length - length + 1).join('.'));
    if (under === undefined) continue;
    if (under.has(`!${first}`)) return length - 1;
    if (under.has(first) || under.has('*')) return length;
  }
  // The list's default rule: the top-level domain alone.
  return 1;
}

/**
 * The registrable domain of `host` (as the URL parser writes it: lower case, punycode, no
 * trailing dot), or null when it has none: an IP address, or a host that is itself a public
 * suffix (`co.uk`).
 */
export function registrableDomainOf(host: string): string | null {
  if (host === '' || host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return null;
  const labels = host.split('.');
  if (labels.some((label) => label === '')) return null;
  const suffix = publicSuffixLength(labels);
  if (labels.length <= suffix) return null;
  return labels.slice(labels.length - suffix - 1).join('.');
}
