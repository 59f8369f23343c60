/** Fenced code blocks in Markdown, and those left open, as CommonMark 0.31.2 reads them. */

/** An open block quote; an open list item is the indent its content needs. */
const QUOTE = -1;
/** Past this depth a line's rest is text, as popular parsers cap nesting: no real document nests
 * deeper, and a crafted one must not cost per level. */
const MAX_DEPTH = 100;
const LIST_MARKER = /(?:[-+*]|(\d{1,9})[.)])(?![^ \t\n\r])/y;
// A whole tag is read a part at a time: the spec's tag pattern as one RegExp backtracks on long
// runs of attributes. An unquoted value holds no control character, space, quote, =, <, > or `.
const OPEN_TAG = /<[A-Za-z][A-Za-z0-9-]*/y;
const ATTRIBUTE =
  /[ \t\v\f]+[A-Za-z_:][\w.:-]*(?:[ \t\v\f]*=[ \t\v\f]*(?:[^\0- "'=<>`]+|'[^']*'|"[^"]*"))?/y;
const OPEN_TAG_END = /[ \t\v\f]*\/?>[ \t\v\f]*$/y;
const CLOSING_TAG = /^<\/[A-Za-z][A-Za-z0-9-]*[ \t\v\f]*>[ \t\v\f]*$/;
const wholeTag = (line: string) => {
  OPEN_TAG.lastIndex = 0;
  if (!OPEN_TAG.test(line)) return CLOSING_TAG.test(line);
  let end = OPEN_TAG.lastIndex;
  for (ATTRIBUTE.lastIndex = end; ATTRIBUTE.test(line); ) end = ATTRIBUTE.lastIndex;
  OPEN_TAG_END.lastIndex = end;
  return OPEN_TAG_END.test(line);
};
const HTML_6 =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
/** HTML blocks of types 1 to 7: how a line starts one, and what ends it (null: a blank line). */
const HTML_BLOCKS: [start: { test(line: string): boolean }, end: RegExp | null][] = [
  [/^<(?:script|pre|textarea|style)(?:[ \t\v\f>]|$)/i, /<\/(?:script|pre|textarea|style)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
  [new RegExp(`^</?(?:${HTML_6})(?:[ \\t\\v\\f>]|/>|$)`, 'i'), null],
  [{ test: wholeTag }, null],
];
const isBlank = (c = '') => c === ' ' || c === '\t';

/** Reads the open blocks line by line as CommonMark's block parser keeps them: the containers as a
 * stack (`need`, outermost first), and the one leaf that may be open inside the innermost. */
export function fencesOf(markdown: string) {
  const s = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown;
  // `firstUnclosedLine`: the line (from 1) of the first fence that its container or the
  // document's end closed.
  const found = { fences: 0, unclosed: 0, firstUnclosedLine: null as number | null };
  const need: number[] = [];
  const quotes: number[] = []; // where in `need` the block quotes are, ascending
  let emptyItem = false; // the innermost container is a list item with nothing in it yet
  let leaf = 'none' as 'none' | 'paragraph' | 'fence' | 'code' | 'html';
  let htmlEnd: RegExp | null = null;
  const fence = { code: 0, length: 0, line: 0 };
  // The line; a place in it (`col` counts columns as CommonMark does: a tab runs to the next
  // multiple of 4 and can be used up in part); the next non-blank, kept once found so nested
  // containers do not each scan the same spaces; the containers continued; the line's tail.
  let [number, lineEnd, off, col, nextOff, nextCol, depth, tail] = [1, 0, 0, 0, -1, 0, 0, 0];
  /** Columns from `off` to the next non-blank character (then at `nextOff`); -1 if there is none. */
  function look(): number {
    if (off > nextOff)
      for (nextOff = off, nextCol = col; isBlank(s[nextOff]); nextOff++)
        nextCol += s[nextOff] === '\t' ? 4 - (nextCol % 4) : 1;
    return nextOff < lineEnd ? nextCol - col : -1;
  }
  const blankFrom = (i: number) => {
    while (isBlank(s[i])) i++;
    return i >= lineEnd;
  };
  function advance(columns: number) {
    for (const to = col + columns; col < to && off < lineEnd; ) {
      const next = s[off] === '\t' ? col + 4 - (col % 4) : col + 1;
      if (next <= to) off++;
      col = Math.min(next, to);
    }
  }
  /** Past a block quote's `>` (at `nextOff`) and the one column of space that may follow it. */
  function quoteMarker() {
    off = nextOff + 1;
    col = nextCol + 1;
    if (isBlank(s[off])) advance(1);
  }
  const inParagraph = () => leaf === 'paragraph' && depth === need.length;
  /** A block opening closes the containers the line did not continue, and the open leaf. */
  function open(next: typeof leaf = 'none'): 'leaf' {
    if (depth < need.length) need.length = depth;
    while ((quotes.at(-1) ?? -1) >= depth) quotes.pop();
    if (leaf === 'fence' && found.unclosed++ === 0) found.firstUnclosedLine = fence.line;
    leaf = next;
    emptyItem = false;
    return 'leaf';
  }
  /** The line where it stands as the open fence's content or closer, or else as an opener (false
   * when it is none). Read inline: most of a crafted document is such lines, each worth no more
   * than a look at its start, and a call per step would cost more than the line. */
  function fenceLine(inFence: boolean): boolean {
    let at = off;
    let indent = 0;
    for (; indent < 4 && isBlank(s[at]); at++)
      indent += s[at] === '\t' ? 4 - ((col + indent) % 4) : 1;
    const mark = inFence ? fence.code : s.charCodeAt(at);
    if (indent >= 4 || (mark !== 96 && mark !== 126)) return inFence;
    let run = at;
    while (run < lineEnd && s.charCodeAt(run) === mark) run++;
    if (run - at < (inFence ? fence.length : 3)) return inFence;
    if (inFence) {
      while (run < lineEnd && (s.charCodeAt(run) === 32 || s.charCodeAt(run) === 9)) run++;
      if (run === lineEnd) leaf = 'none';
      return true;
    }
    // A backtick fence's info string holds no backtick.
    for (let i = run; mark === 96 && i < lineEnd; i++) if (s.charCodeAt(i) === 96) return false;
    if (leaf === 'fence' || depth < need.length) open('fence'); // what it ends, if anything
    leaf = 'fence';
    emptyItem = false;
    fence.code = mark;
    fence.length = run - at;
    fence.line = number;
    found.fences++;
    return true;
  }

  /** The next block start on the line, in CommonMark's order of precedence. */
  function start(): 'container' | 'leaf' | 'none' {
    const indent = look();
    const p = nextOff;
    const c = s[p] as string;
    if (indent < 0 || (indent >= 4 && leaf === 'paragraph')) return 'none';
    if (need.length >= MAX_DEPTH && (c === '>' || leaf !== 'fence')) return 'none';
    if (indent >= 4) return open('code');
    if (c === '>') {
      open();
      quoteMarker();
      quotes.push(need.length);
      depth = need.push(QUOTE);
      return 'container';
    }
    let run = 1;
    while (s[p + run] === c) run++;
    if (c === '#' && run <= 6 && (p + run >= lineEnd || isBlank(s[p + run]))) return open();
    if (fenceLine(false)) return 'leaf';
    const line = c === '<' ? s.slice(p, lineEnd) : '';
    // Type 7 cannot interrupt a paragraph, lazy or not.
    const types = leaf === 'paragraph' ? 6 : 7;
    const html = line && HTML_BLOCKS.find((block, type) => type < types && block[0].test(line));
    if (html) {
      htmlEnd = html[1];
      return open(htmlEnd?.test(line) ? 'none' : 'html');
    }
    if (inParagraph() && (c === '=' || c === '-') && blankFrom(p + run)) return open();
    if (tail < 0 && '*-_'.includes(c)) {
      // A thematic break needs the line's tail, found once: scanning the rest of the line at each
      // container start would be quadratic. A line end is neither blank nor a mark.
      for (tail = lineEnd; isBlank(s[tail - 1]); ) tail--;
      for (const mark = s[tail - 1]; s[tail - 1] === mark || isBlank(s[tail - 1]); ) tail--;
    }
    let marks = 0;
    for (let i = p; p >= tail && i < lineEnd && marks < 3; i++) if (s[i] === c) marks++;
    if (marks >= 3 && '*-_'.includes(c)) return open();
    return listItem(p, indent);
  }
  function listItem(p: number, indent: number): 'container' | 'none' {
    LIST_MARKER.lastIndex = p;
    const marker = LIST_MARKER.exec(s);
    const end = LIST_MARKER.lastIndex;
    // Neither an empty item nor an ordered list from another number than 1 interrupts a paragraph
    // (a lazy one does not count here, as cmark and commonmark.js read the spec).
    if (!marker || (inParagraph() && (blankFrom(end) || Number(marker[1] ?? 1) !== 1)))
      return 'none';
    open();
    off = end;
    col = nextCol + end - p;
    const spaces = look();
    // Content starts one column in past 5 or more (it is then indented code), or on a blank rest.
    const padding = spaces >= 0 && spaces <= 4 ? spaces : 1;
    advance(padding);
    emptyItem = true;
    depth = need.push(indent + end - p + padding);
    return 'container';
  }
  /** Whether the open leaf, all its containers continued, takes the rest of the line. */
  function leafTakes(): boolean {
    const indent = look();
    if (leaf === 'fence') return fenceLine(true);
    if (leaf === 'code') return indent >= 4 || indent < 0;
    if (leaf !== 'html' || (indent < 0 && htmlEnd === null)) return false;
    if (htmlEnd?.test(s.slice(off, lineEnd))) leaf = 'none';
    return true;
  }
  function line() {
    for (depth = 0; depth < need.length && look() >= 0; depth++) {
      if (need[depth] === QUOTE && look() < 4 && s[nextOff] === '>') quoteMarker();
      else if (need[depth] === QUOTE || look() < (need[depth] as number)) break;
      else advance(need[depth] as number);
    }
    if (look() < 0) {
      // A blank rest of line ends an empty list item and the first block quote from here on:
      // every quote walked closes, so blank lines under deep nesting cost what building it did.
      let kept = emptyItem && depth < need.length ? need.length - 1 : need.length;
      while ((quotes.at(-1) ?? -1) >= depth) kept = quotes.pop() as number;
      depth = kept;
      if (depth < need.length || !leafTakes()) open();
      return;
    }
    const all = depth === need.length;
    if (all && leafTakes()) return;
    if (all && leaf !== 'paragraph') open();
    let started = start();
    while (started === 'container') started = start();
    // Text continues the open paragraph (lazily if its containers did not continue) or opens one.
    if (started === 'none' && leaf !== 'paragraph' && look() >= 0) open('paragraph');
  }

  for (let from = 0; from < s.length; number++) {
    let blank = true;
    for (lineEnd = off = from, col = 0, nextOff = tail = -1; lineEnd < s.length; lineEnd++) {
      const code = s.charCodeAt(lineEnd);
      if (code === 10 || code === 13) break;
      blank &&= code === 32 || code === 9;
    }
    // Floods of blank lines are the cheapest hostile answer: most change nothing.
    const inert = !need.length && leaf !== 'paragraph' && (leaf !== 'html' || htmlEnd !== null);
    // With no container open, a line is first read as a fence's: most of a crafted document is.
    if (blank ? !inert : need.length > 0 || leaf === 'html' || !fenceLine(leaf === 'fence')) line();
    from = lineEnd + (s.charCodeAt(lineEnd) === 13 && s.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
  }
  open();
  return found;
}
