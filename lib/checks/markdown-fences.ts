/** Fenced code blocks in Markdown, and those left open, as CommonMark 0.31.2 reads them. */

export interface Fences {
  fences: number;
  unclosed: number;
  /** The line (from 1) of the first fence that its container or the document's end closed. */
  firstUnclosedLine: number | null;
}

/** An open container's `need` when it is a block quote; a list item's is its content indent. */
const QUOTE = -1;
const MAX_DEPTH = 100;
type Leaf = 'none' | 'paragraph' | 'fence' | 'code' | 'html';
type Started = 'container' | 'leaf' | 'none';
const HTML_1 = ['script', 'pre', 'textarea', 'style'];
const HTML_6_NAMES =
  'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul';
const HTML_6 = new Set(HTML_6_NAMES.split(' '));
const HTML_ENDS = ['', '', '-->', '?>', '>', ']]>'];

const isBlank = (c = '') => c === ' ' || c === '\t';
const isSpace = (c = '') => isBlank(c) || c === '\v' || c === '\f';
const isLetter = (c = '') => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c = '') => c >= '0' && c <= '9';
const isTagChar = (c = '') => isLetter(c) || isDigit(c) || c === '-';
const skip = (s: string, i: number, test: (c?: string) => boolean) => {
  while (i < s.length && test(s[i])) i++;
  return i;
};
const runOf = (s: string, i: number, c: string) => skip(s, i, (d) => d === c) - i;
const blankFrom = (s: string, i: number) => skip(s, i, isBlank) >= s.length;

/** The type of HTML block a line opens with its `<` at `p`, or 0. */
function htmlStart(s: string, p: number): number {
  if (s.startsWith('<!--', p)) return 2;
  if (s.startsWith('<?', p)) return 3;
  if (s.startsWith('<!', p)) return isLetter(s[p + 2]) ? 4 : s.startsWith('<![CDATA[', p) ? 5 : 0;
  const from = p + (s[p + 1] === '/' ? 2 : 1);
  const end = skip(s, from, (c) => isLetter(c) || isDigit(c));
  const name = end - from <= 10 ? s.slice(from, end).toLowerCase() : '';
  const ends = end >= s.length || isSpace(s[end]) || s[end] === '>';
  if (from === p + 1 && HTML_1.includes(name) && ends) return 1;
  if (HTML_6.has(name) && (ends || s.startsWith('/>', end))) return 6;
  return wholeTag(s, p) ? 7 : 0;
}

/** A whole open or closing tag at `p`, then only spaces. Read by hand: the spec's tag pattern as
 * a RegExp backtracks on long runs of attributes. */
function wholeTag(s: string, p: number): boolean {
  const closing = s[p + 1] === '/';
  let i = p + (closing ? 2 : 1);
  if (!isLetter(s[i])) return false;
  i = skip(s, i, isTagChar);
  while (!closing) {
    const at = skip(s, i, isSpace);
    if (at === i || s[at] === '>' || s[at] === '/') break;
    if (!(isLetter(s[at]) || s[at] === '_' || s[at] === ':')) return false;
    i = skip(s, at + 1, (c = '') => isTagChar(c) || '_:.'.includes(c));
    const equals = skip(s, i, isSpace);
    if (s[equals] !== '=') continue;
    const from = skip(s, equals + 1, isSpace);
    const quote = s[from] === '"' || s[from] === "'";
    const unquoted = (c = '') => c > ' ' && !'"\'=<>`'.includes(c);
    i = quote ? s.indexOf(s[from] as string, from + 1) + 1 : skip(s, from, unquoted);
    if (i <= from) return false;
  }
  i = skip(s, i, isSpace);
  if (!closing && s[i] === '/') i++;
  return s[i] === '>' && skip(s, i + 1, isSpace) >= s.length;
}

function htmlEnds(s: string, from: number, type: number): boolean {
  if (type !== 1) return type <= 5 && s.includes(HTML_ENDS[type] as string, from);
  const rest = s.slice(from).toLowerCase();
  return HTML_1.some((name) => rest.includes(`</${name}>`));
}

/** A place in a line, in columns as CommonMark counts them: a tab runs to the next multiple of 4
 * and can be used up in part. The next non-space is remembered, so that deeply nested containers
 * do not each scan the same run of spaces again. */
class Cursor {
  s = '';
  off = 0;
  col = 0;
  private from = 0;
  private nextOff = -1;
  private nextCol = 0;
  reset(s: string) {
    this.s = s;
    this.off = 0;
    this.col = 0;
    this.nextOff = -1;
  }
  private scan() {
    if (this.off >= this.from && this.off <= this.nextOff) return;
    let [i, col] = [this.off, this.col];
    for (; isBlank(this.s[i]); i++) col += this.s[i] === '\t' ? 4 - (col % 4) : 1;
    [this.from, this.nextOff, this.nextCol] = [this.off, i, col];
  }
  /** Where the next non-space character is. */
  get next(): number {
    this.scan();
    return this.nextOff;
  }
  /** Columns from here to the next non-space character. */
  indent(): number {
    this.scan();
    return this.nextCol - this.col;
  }
  get blank() {
    return this.next >= this.s.length;
  }
  toNext() {
    this.scan();
    [this.off, this.col] = [this.nextOff, this.nextCol];
  }
  advance(count: number, columns: boolean) {
    for (; count > 0 && this.off < this.s.length; this.off++) {
      const width = this.s[this.off] === '\t' ? 4 - (this.col % 4) : 1;
      const used = columns ? Math.min(width, count) : 1;
      this.col += columns ? used : width;
      count -= used;
      if (columns && used < width) return;
    }
  }
  /** Past a block quote's `>` and the one space that may follow it. */
  quoteMarker() {
    this.toNext();
    this.advance(1, false);
    if (isBlank(this.s[this.off])) this.advance(1, true);
  }
}

/** The open blocks, line after line, as CommonMark's block parser keeps them: the containers as
 * a stack, and the one leaf that may be open inside the innermost. */
class Blocks {
  readonly found: Fences = { fences: 0, unclosed: 0, firstUnclosedLine: null };
  /** The open containers, outermost first: QUOTE, or the indent a list item's content needs. */
  private readonly need: number[] = [];
  /** Where in `need` the block quotes are, ascending. */
  private readonly quotes: number[] = [];
  /** The innermost container is a list item with nothing in it yet: a blank line ends it. */
  private emptyItem = false;
  private leaf: Leaf = 'none';
  private fence = { char: '', length: 0, line: 0 };
  private htmlType = 0;
  private readonly cur = new Cursor();
  // The line being read: how many containers it continued; whether it continues the paragraph,
  // and whether every open block continued (if not, a lazy line may still keep them open).
  private depth = 0;
  private paragraph = false;
  private allMatched = false;
  /** Where the line's closing run of one character and blanks begins: a thematic break's span. */
  private tail = -1;

  line(s: string, number: number) {
    const cur = this.cur;
    cur.reset(s);
    this.tail = -1;
    for (this.depth = 0; this.depth < this.need.length; this.depth++) {
      const need = this.need[this.depth] as number;
      if (cur.blank) {
        this.depth = this.blankDepth();
        break;
      }
      if (need === QUOTE && cur.indent() < 4 && s[cur.next] === '>') cur.quoteMarker();
      else if (need !== QUOTE && cur.indent() >= need) cur.advance(need, true);
      else break;
    }
    const all = this.depth === this.need.length;
    if (all && this.leafTakes(s)) return;
    this.paragraph = all && this.leaf === 'paragraph' && !cur.blank;
    this.allMatched = all && (this.leaf === 'none' || this.paragraph);
    let started: Started = 'container';
    while (started === 'container') started = this.start(s, number);
    if (started === 'leaf') return;
    if (!this.allMatched && !cur.blank && this.leaf === 'paragraph') return; // a lazy line
    this.closeUnmatched();
    if (this.paragraph || cur.blank) return;
    this.leaf = 'paragraph';
    this.emptyItem = false;
  }

  end(): Fences {
    this.closeLeaf();
    return this.found;
  }

  /**
   * A line read where it stands when no container is open and it can only be a fence's content,
   * its closer or an opener: most of a crafted document is such lines, and each is worth no
   * more than a look at its start. False when it needs the whole reading.
   */
  quickLine(text: string, start: number, end: number, number: number): boolean {
    const { leaf } = this;
    if (this.need.length !== 0 || leaf === 'html') return false;
    let at = start;
    let column = 0;
    for (; at < end && column < 4; at++) {
      const code = text.charCodeAt(at);
      if (code === 32) column++;
      else if (code === 9) column += 4 - (column % 4);
      else break;
    }
    const mark = leaf === 'fence' ? this.fence.char.charCodeAt(0) : text.charCodeAt(at);
    let run = at;
    while (run < end && text.charCodeAt(run) === mark) run++;
    if (leaf === 'fence') {
      if (column >= 4 || run - at < this.fence.length) return true;
      while (run < end && (text.charCodeAt(run) === 32 || text.charCodeAt(run) === 9)) run++;
      if (run === end) this.leaf = 'none';
      return true;
    }
    if (column >= 4 || (mark !== 96 && mark !== 126) || run - at < 3) return false;
    // A backtick opener's info string holds no backtick.
    for (let rest = run; mark === 96 && rest < end; rest++)
      if (text.charCodeAt(rest) === 96) return false;
    this.leaf = 'fence';
    this.paragraph = false;
    this.emptyItem = false;
    this.fence = { char: String.fromCharCode(mark), length: run - at, line: number };
    this.found.fences++;
    return true;
  }

  /** Whether a blank line would change nothing: no container to end, no leaf a blank ends. */
  get blankIsInert(): boolean {
    return (
      this.need.length === 0 &&
      this.leaf !== 'paragraph' &&
      !(this.leaf === 'html' && this.htmlType >= 6)
    );
  }

  /** Whether the open leaf, all its containers continued, takes the rest of the line. */
  private leafTakes(s: string): boolean {
    const { cur, leaf } = this;
    if (leaf === 'fence') {
      const indent = cur.indent();
      const run = runOf(s, cur.next, this.fence.char);
      if (indent < 4 && run >= this.fence.length && blankFrom(s, cur.next + run))
        this.leaf = 'none';
      return true;
    }
    if (leaf === 'code') return cur.blank || cur.indent() >= 4;
    if (leaf !== 'html' || (cur.blank && this.htmlType >= 6)) return false;
    if (htmlEnds(s, cur.off, this.htmlType)) this.leaf = 'none';
    return true;
  }

  /** The next block start on the line, in CommonMark's order of precedence. */
  private start(s: string, number: number): Started {
    const cur = this.cur;
    const [indent, p, c] = [cur.indent(), cur.next, s[cur.next] ?? ''];
    if (cur.blank || (indent >= 4 && this.leaf === 'paragraph')) return 'none';
    // Past this depth a line's rest is text, as popular parsers cap nesting: no real document
    // nests deeper, and a crafted one must not cost per level.
    if (this.need.length >= MAX_DEPTH && (c === '>' || this.leaf !== 'fence')) return 'none';
    if (indent >= 4) this.open('code');
    else if (c === '>') {
      this.open();
      cur.quoteMarker();
      this.push(QUOTE);
      return 'container';
    } else if (!this.leafStart(s, p, c, number)) {
      return this.listItem(s, p, indent) ? 'container' : 'none';
    }
    return 'leaf';
  }

  private leafStart(s: string, p: number, c: string, number: number): boolean {
    const run = runOf(s, p, c);
    const html = c === '<' ? htmlStart(s, p) : 0;
    if (c === '#' && run <= 6 && (p + run >= s.length || isBlank(s[p + run]))) this.open();
    else if ((c === '~' || c === '`') && run >= 3 && (c === '~' || !s.includes('`', p + run))) {
      this.open('fence');
      this.fence = { char: c, length: run, line: number };
      this.found.fences++;
    } else if (html > 0 && (html < 7 || this.leaf !== 'paragraph')) {
      // Type 7 cannot interrupt a paragraph, lazy or not.
      this.open(htmlEnds(s, this.cur.off, html) ? 'none' : 'html');
      this.htmlType = html;
    } else if (this.paragraph && (c === '=' || c === '-') && blankFrom(s, p + run)) this.open();
    else if ('*-_'.includes(c) && this.thematicBreak(s, p, c)) this.open();
    else return false;
    return true;
  }

  /** The line's tail is scanned once: per container start, scanning the rest would be quadratic. */
  private thematicBreak(s: string, p: number, c: string): boolean {
    if (this.tail < 0) {
      let mark = '';
      for (this.tail = s.length; this.tail > 0; this.tail--) {
        const d = s[this.tail - 1] as string;
        if (isBlank(d)) continue;
        mark ||= d;
        if (d !== mark) break;
      }
    }
    let marks = 0;
    for (let i = p; p >= this.tail && i < s.length && marks < 3; i++) if (s[i] === c) marks++;
    return marks >= 3;
  }

  private listItem(s: string, p: number, indent: number): boolean {
    let end = p + 1;
    if (!'-+*'.includes(s[p] as string)) {
      end = skip(s, p, isDigit);
      if (end === p || end - p > 9 || (s[end] !== '.' && s[end] !== ')')) return false;
      // Only a list starting at 1 may interrupt the paragraph this line continues (a lazy one
      // does not count here, as cmark and commonmark.js read the spec).
      if (this.paragraph && Number(s.slice(p, end)) !== 1) return false;
      end++;
    }
    if (!(end >= s.length || isBlank(s[end])) || (this.paragraph && blankFrom(s, end)))
      return false;
    this.open();
    const cur = this.cur;
    cur.toNext();
    cur.advance(end - p, true);
    const [off, col] = [cur.off, cur.col];
    do cur.advance(1, true);
    while (cur.col - col < 5 && isBlank(s[cur.off]));
    let padding = end - p + cur.col - col;
    // After 5 or more spaces the content is indented code one column in; after none, or on an
    // empty rest of line, it starts one column in on the lines that follow.
    if (cur.col - col >= 5 || cur.col === col || cur.off >= s.length) {
      [cur.off, cur.col, padding] = [off, col, end - p + 1];
      if (isBlank(s[off])) cur.advance(1, true);
    }
    this.push(indent + padding);
    this.emptyItem = true;
    return true;
  }

  /** A block opening in the innermost container the line reached ends the open leaf. */
  private open(leaf: Leaf = 'none') {
    this.closeUnmatched();
    this.closeLeaf();
    [this.leaf, this.paragraph, this.emptyItem] = [leaf, false, false];
  }

  private push(need: number) {
    if (need === QUOTE) this.quotes.push(this.need.length);
    this.need.push(need);
    this.depth = this.need.length;
  }

  private closeUnmatched() {
    if (this.allMatched) return;
    this.allMatched = true;
    this.closeLeaf();
    if (this.depth >= this.need.length) return;
    this.need.length = this.depth;
    while ((this.quotes.at(-1) ?? -1) >= this.depth) this.quotes.pop();
    this.emptyItem = false;
  }

  private closeLeaf() {
    if (this.leaf === 'fence') {
      this.found.unclosed++;
      this.found.firstUnclosedLine ??= this.fence.line;
    }
    this.leaf = 'none';
  }

  /** How many containers a blank rest of line keeps: it ends the first block quote from `depth`
   * on, and an empty list item. Every quote walked here closes on this line, so blank lines under
   * deep nesting cost no more than building the nesting did. */
  private blankDepth(): number {
    let kept = this.emptyItem ? this.need.length - 1 : this.need.length;
    for (let k = this.quotes.length - 1; (this.quotes[k] ?? -1) >= this.depth; k--)
      kept = Math.min(kept, this.quotes[k] as number);
    return kept;
  }
}

export function fencesOf(markdown: string): Fences {
  const text = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown;
  const blocks = new Blocks();
  let number = 0;
  for (let start = 0; start < text.length; ) {
    let end = start;
    let blank = true;
    for (let code = text.charCodeAt(end); end < text.length && code !== 10 && code !== 13; ) {
      blank &&= code === 32 || code === 9;
      code = text.charCodeAt(++end);
    }
    number++;
    // Floods of blank lines are the cheapest hostile answer: most change nothing.
    if (blank ? !blocks.blankIsInert : !blocks.quickLine(text, start, end, number))
      blocks.line(text.slice(start, end), number);
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  return blocks.end();
}
