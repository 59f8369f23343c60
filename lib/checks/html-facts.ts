/** What the rules need from a page's server HTML, read by one pass over its tags, not as a
 * document: the browser's parser takes time that grows faster than the page on crafted nesting. */

export type HtmlFacts = ReturnType<typeof htmlFacts>;

/** Elements whose content runs to their end tag as text, never as markup. */
const RAW = new Set('script style title textarea xmp iframe noembed noframes'.split(' '));
/** Elements whose content an agent reading the HTML does not see as the page's text. */
const HIDDEN = new Set(['noscript', 'template', 'svg', 'math']);

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
const isNameChar = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 45 ||
  code === 58;

/** The tags whose attributes a rule reads; the rest are only walked past. */
const READ_ATTRIBUTES = new Set(['html', 'link', 'meta', 'script']);
/** The first letters of every name read here (headings, RAW, HIDDEN, READ_ATTRIBUTES). */
const NAMED_FIRST = 'hilmnstx';
/** One map for every tag: a tag's attributes are read before the next tag is. */
const attributes = new Map<string, string>();
type Tag = ReturnType<typeof readTag>;

/** The tag that starts at `at` (its `<`), its attributes as written (the first of a name wins),
 * and where it ends: just after its `>`. */
function readTag(html: string, lower: string, at: number) {
  let index = at + 1;
  const nameStart = index;
  while (index < html.length && isNameChar(html.charCodeAt(index))) index++;
  // Only the names the rules know are read: most of a crafted page is tags nobody asks about.
  const name = NAMED_FIRST.includes(lower[nameStart] ?? '') ? lower.slice(nameStart, index) : '';
  const keep = READ_ATTRIBUTES.has(name);
  attributes.clear();
  let selfClosing = false;
  while (index < html.length) {
    const code = html.charCodeAt(index);
    if (code === 62 /* > */) return { name, attributes, end: index + 1, selfClosing };
    if (isSpace(code) || code === 47 /* / */) {
      selfClosing = code === 47;
      index++;
      continue;
    }
    selfClosing = false;
    const keyStart = index;
    while (
      index < html.length &&
      !isSpace(html.charCodeAt(index)) &&
      !'=>/'.includes(html[index] ?? '')
    )
      index++;
    index = Math.max(index, keyStart + 1);
    const key = keep ? lower.slice(keyStart, index) : '';
    while (index < html.length && isSpace(html.charCodeAt(index))) index++;
    let value = '';
    if (html[index] === '=') {
      index++;
      while (index < html.length && isSpace(html.charCodeAt(index))) index++;
      const quote = html[index];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, index + 1);
        const stop = close === -1 ? html.length : close;
        if (keep) value = html.slice(index + 1, stop);
        index = stop + 1;
      } else {
        const valueStart = index;
        while (index < html.length && !isSpace(html.charCodeAt(index)) && html[index] !== '>')
          index++;
        if (keep) value = html.slice(valueStart, index);
      }
    }
    if (keep && !attributes.has(key)) attributes.set(key, value);
  }
  return { name, attributes, end: html.length, selfClosing };
}

export function htmlFacts(html: string) {
  // ASCII only, so that each character stays where it is in `html`.
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const facts = {
    /** Characters of the text an agent gets with JavaScript off, white space collapsed. */
    text: 0,
    /** The heading levels used, in order of first use (1 for h1…). */
    headings: [] as number[],
    lang: false,
    canonical: false,
    ogImage: false,
    ogType: false,
    /** The text of every `application/ld+json` script. */
    jsonLd: [] as string[],
  };
  let hidden = 0;
  // Collapsed white space: one space between words, none at either end.
  let spaceOwed = false;
  const countText = (from: number, to: number) => {
    for (let index = from; index < to; index++) {
      const code = html.charCodeAt(index);
      if (isSpace(code)) {
        spaceOwed = facts.text > 0;
        continue;
      }
      if (spaceOwed) facts.text++;
      spaceOwed = false;
      facts.text++;
      // A character reference reads as one character.
      if (code === 38 /* & */) {
        const reference = /^&#?[a-z0-9]{1,31};/i.exec(html.slice(index, index + 34));
        if (reference) index += reference[0].length - 1;
      }
    }
  };
  const attribute = (tag: Tag, name: string) => (tag.attributes.get(name) ?? '').trim();

  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const textEnd = open === -1 ? html.length : open;
    if (hidden === 0) countText(at, textEnd);
    if (open === -1) break;
    const next = html.charCodeAt(open + 1);
    if (lower.startsWith('<!--', open)) {
      const close = lower.indexOf('-->', open + 4);
      at = close === -1 ? html.length : close + 3;
    } else if (next === 33 /* ! */ || next === 63 /* ? */) {
      const close = html.indexOf('>', open);
      at = close === -1 ? html.length : close + 1;
    } else if (next === 47 /* / */) {
      const tag = readTag(html, lower, open + 1);
      if (HIDDEN.has(tag.name) && hidden > 0) hidden--;
      at = tag.end;
    } else if (open + 1 < html.length && isNameChar(next) && next !== 45 && next !== 58) {
      const tag = readTag(html, lower, open);
      at = tag.end;
      const level = tag.name.length === 2 && tag.name[0] === 'h' ? Number(tag.name[1]) : 0;
      if (level >= 1 && level <= 6 && hidden === 0) {
        if (!facts.headings.includes(level)) facts.headings.push(level);
      } else if (tag.name === 'html') facts.lang ||= attribute(tag, 'lang') !== '';
      else if (tag.name === 'link') {
        const rel = attribute(tag, 'rel').toLowerCase().split(/\s+/);
        facts.canonical ||= rel.includes('canonical') && tag.attributes.has('href');
      } else if (tag.name === 'meta') {
        const property = (tag.attributes.get('property') ?? attribute(tag, 'name'))
          .trim()
          .toLowerCase();
        const filled = (tag.attributes.get('content') ?? '') !== '';
        facts.ogImage ||= property === 'og:image' && filled;
        facts.ogType ||= property === 'og:type' && filled;
      } else if (HIDDEN.has(tag.name) && !tag.selfClosing) hidden++;
      if (RAW.has(tag.name)) {
        const close = lower.indexOf(`</${tag.name}`, at);
        const contentEnd = close === -1 ? html.length : close;
        if (tag.name === 'script' && attribute(tag, 'type').toLowerCase() === 'application/ld+json')
          facts.jsonLd.push(html.slice(at, contentEnd));
        at = contentEnd;
      }
    } else {
      // A `<` that starts no tag is text.
      if (hidden === 0) countText(open, open + 1);
      at = open + 1;
    }
  }
  return facts;
}

/** Whether a body is an HTML document, whatever its content type says. */
export const looksHtml = (body: string) => /^\s*(<!doctype html|<html|<head|<body)/i.test(body);
