/** robots.txt read by RFC 9309, in time linear in the body however it is built. */

/** RFC 9309 §2.5: the least a crawler must parse; what follows is not read. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
const MAX_SITEMAPS = 50;
const MAX_SITEMAP_LENGTH = 2048;

type Rule = ReturnType<typeof ruleOf>;
export type RobotsTxt = ReturnType<typeof readRobotsTxt>;

/** The body up to ROBOTS_MAX_BYTES of UTF-8, without a line the cut went through. */
function within(body: string): string {
  if (body.length * 3 <= ROBOTS_MAX_BYTES) return body;
  const { read = 0 } = encoder.encodeInto(body, new Uint8Array(ROBOTS_MAX_BYTES));
  if (read >= body.length || body[read] === '\n' || body[read] === '\r') return body.slice(0, read);
  // A line cut short would claim a shorter path than the site wrote: it goes too.
  return body.slice(0, Math.max(body.lastIndexOf('\n', read), body.lastIndexOf('\r', read)) + 1);
}

const isTokenChar = (c: string) =>
  (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '-';
const isHex = (byte = 0) => (byte >= 48 && byte <= 57) || ((byte | 32) >= 97 && (byte | 32) <= 102);
const encoder = new TextEncoder();

/** RFC 9309 §2.2.2 compares paths percent-encoded: non-ASCII as UTF-8 escapes, and escapes in
 * one case, so that a rule matches however the site and the URL spelled the same octets. */
function encoded(text: string): string {
  if (/^[^%\u0080-\uffff]*$/.test(text)) return text;
  const bytes = encoder.encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte >= 0x80) out += `%${byte.toString(16).toUpperCase()}`;
    else if (byte === 37 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out += String.fromCharCode(37, bytes[i + 1] as number, bytes[i + 2] as number).toUpperCase();
      i += 2;
    } else out += String.fromCharCode(byte);
  }
  return out;
}

/** The agent a User-agent line names, as Google reads it: `*`, or the leading run of letters,
 * `_` and `-` (so `Googlebot/2.1` is `googlebot`); null when that is empty. */
function productToken(value: string): string | null {
  if (value[0] === '*' && (value.length === 1 || value[1] === ' ' || value[1] === '\t')) return '*';
  let end = 0;
  while (end < value.length && isTokenChar(value[end] as string)) end++;
  return end > 0 ? value.slice(0, end).toLowerCase() : null;
}

function ruleOf(allow: boolean, value: string) {
  /** The pattern ended in `$`: the path must end where it does. */
  const anchored = value.endsWith('$');
  const pattern = encoded(anchored ? value.slice(0, -1) : value);
  return {
    allow,
    /** The pattern's length in octets, percent-encoded: the longest match wins. */
    length: pattern.length + (anchored ? 1 : 0),
    /** The pattern split at its `*` wildcards. */
    parts: pattern.split('*'),
    anchored,
  };
}

/** Greedy: each part at its first place after the one before; with `*` the only wildcard, an
 * earlier place never loses a match. At most one pass over the path per part. */
function matches({ parts, anchored }: Rule, path: string): boolean {
  const first = parts[0] as string;
  if (!path.startsWith(first)) return false;
  let at = first.length;
  const last = parts.length - 1;
  for (let k = 1; k < last; k++) {
    const found = path.indexOf(parts[k] as string, at);
    if (found < 0) return false;
    at = found + (parts[k] as string).length;
  }
  if (last === 0) return !anchored || at === path.length;
  const tail = parts[last] as string;
  if (!anchored) return path.indexOf(tail, at) >= 0;
  return path.length - tail.length >= at && path.endsWith(tail);
}

const isLineEnd = (code: number) => code === 10 || code === 13;

/** Calls `read` with each line that holds a colon, found by the colon: lines without one say nothing. */
function eachLineWithColon(text: string, read: (line: string) => void): void {
  let from = 0;
  for (let colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', from)) {
    let start = colon;
    while (start > from && !isLineEnd(text.charCodeAt(start - 1))) start--;
    let end = colon;
    while (end < text.length && !isLineEnd(text.charCodeAt(end))) end++;
    read(text.slice(start, end));
    from = end;
  }
}

/** The Sitemap lines' values, in order, and each group's rules by the lowercase product tokens
 * that name it (`*` for all): a group is kept once however many agents it names, and groups
 * naming one token are all listed. */
export function readRobotsTxt(body: string) {
  const text = within(body.startsWith('\uFEFF') ? body.slice(1) : body);
  const groups = new Map<string, Rule[][]>();
  const sitemaps: string[] = [];
  let rules: Rule[] | null = null;
  // User-agent lines in a row name one group: only a rule line ends the run, as Google's tests
  // show that blank, Sitemap and unknown lines between them do not.
  let naming = false;
  eachLineWithColon(text, (line) => {
    const hash = line.indexOf('#');
    const content = hash < 0 ? line : line.slice(0, hash);
    const colon = content.indexOf(':');
    if (colon < 0) return;
    const key = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    if (key === 'user-agent') {
      const group: Rule[] = naming && rules !== null ? rules : [];
      rules = group;
      naming = true;
      const token = productToken(value);
      const named = token === null ? undefined : groups.get(token);
      if (token !== null && named === undefined) groups.set(token, [group]);
      else if (named !== undefined && named.at(-1) !== group) named.push(group);
    } else if ((key === 'allow' || key === 'disallow') && rules !== null) {
      naming = false;
      // An empty Disallow allows all, the same as no rule.
      if (value !== '') rules.push(ruleOf(key === 'allow', value));
    } else if (key === 'sitemap' && value !== '' && sitemaps.length < MAX_SITEMAPS) {
      sitemaps.push(value.slice(0, MAX_SITEMAP_LENGTH));
    }
  });
  return { sitemaps, groups };
}

/** Whether `token` (a crawler's product token, matched case-insensitively) may fetch `path`:
 * its own groups, else the `*` groups, else allowed; the longest matching rule wins, Allow on a tie. */
export function isAllowed(robots: RobotsTxt, token: string, path: string): boolean {
  const target = encoded(path || '/');
  if (target === '/robots.txt' || target.startsWith('/robots.txt?')) return true;
  const groups = robots.groups.get(token.toLowerCase()) ?? robots.groups.get('*') ?? [];
  const best = { allow: -1, disallow: -1 };
  for (const rules of groups) {
    for (const rule of rules) {
      const kind = rule.allow ? 'allow' : 'disallow';
      if (rule.length > best[kind] && matches(rule, target)) best[kind] = rule.length;
    }
  }
  return best.disallow < 0 || best.allow >= best.disallow;
}
