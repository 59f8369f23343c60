/** fencesOf by CommonMark's rules and on hostile input; the public cases are in agreement.test.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fencesOf } from '../../../lib/checks/markdown-fences';

const MB = 1024 * 1024;
const open = (markdown: string) => fencesOf(markdown).unclosed;
const counts = (markdown: string) => {
  const { fences, unclosed } = fencesOf(markdown);
  return [fences, unclosed];
};

describe('fences at the top level', () => {
  it('counts a closed fence of either character, and none in plain text', () => {
    expect(fencesOf('# Title\n\nJust text.\n')).toEqual({
      fences: 0,
      unclosed: 0,
      firstUnclosedLine: null,
    });
    expect(counts('```js\nx\n```\n\n~~~\ny\n~~~\n')).toEqual([2, 0]);
  });

  it('leaves a fence open to the end of the document, and says where it opened', () => {
    expect(fencesOf('intro\n\n```\ncode\n')).toEqual({
      fences: 1,
      unclosed: 1,
      firstUnclosedLine: 3,
    });
  });

  it('closes only with the same character, at least as long, with nothing but blanks after', () => {
    expect(open('```\n~~~\n')).toBe(1);
    expect(open('````\n```\n')).toBe(1);
    expect(open('```\n```` \t\n')).toBe(0);
    expect(open('```\n``` js\n')).toBe(1);
    expect(open('~~~\n~~~ ~\n')).toBe(1);
  });

  it('takes a closer indented up to 3 spaces, not 4', () => {
    expect(open('```\nx\n   ```\n')).toBe(0);
    expect(open('```\nx\n    ```\n')).toBe(1);
  });

  it('needs three characters and, for backticks, no backtick after the run', () => {
    expect(counts('``\nx\n``\n')).toEqual([0, 0]);
    expect(counts('``` inline ``` code\n')).toEqual([0, 0]);
    expect(counts('~~~ a`b\nx\n~~~\n')).toEqual([1, 0]);
    // Not an opener, so the last line opens a fence of its own.
    expect(fencesOf('```foo`bar\ncontent\n```\n')).toEqual({
      fences: 1,
      unclosed: 1,
      firstUnclosedLine: 3,
    });
  });

  it('opens no fence where a line is indented 4 columns: indented code, or more paragraph', () => {
    expect(counts('    ```\n    x\n')).toEqual([0, 0]);
    expect(counts('\t```\n')).toEqual([0, 0]);
    expect(counts('  \t```\n')).toEqual([0, 0]);
    expect(counts('text\n    ```\n')).toEqual([0, 0]);
  });

  it('lets a fence interrupt a paragraph', () => {
    expect(counts('text\n```\nx\n```\n')).toEqual([1, 0]);
  });

  it('reads \\r\\n, \\r and \\n line ends alike and ignores a leading BOM', () => {
    const doc = '# T\n\n```\nx\n```\n\n~~~\n';
    const want = fencesOf(doc);
    expect(want).toEqual({ fences: 2, unclosed: 1, firstUnclosedLine: 7 });
    expect(fencesOf(doc.replaceAll('\n', '\r\n'))).toEqual(want);
    expect(fencesOf(doc.replaceAll('\n', '\r'))).toEqual(want);
    expect(fencesOf(`\uFEFF${doc}`)).toEqual(want);
    expect(counts('\uFEFF```\n```')).toEqual([1, 0]);
  });
});

describe('fences in block quotes', () => {
  it('counts a fence closed inside its quote', () => {
    expect(counts('> ```\n> x\n> ```\n')).toEqual([1, 0]);
    expect(counts('> > ```\n> > x\n> > ```\n')).toEqual([1, 0]);
  });

  it('leaves it open when the quote ends first: fenced code has no lazy continuation', () => {
    expect(fencesOf('> ```\n> x\n\nafter\n')).toEqual({
      fences: 1,
      unclosed: 1,
      firstUnclosedLine: 1,
    });
    // The unquoted ``` opens a second fence, itself never closed.
    expect(counts('> ```\nx\n```\n')).toEqual([2, 2]);
  });

  it('keeps a quote open through a lazy paragraph line', () => {
    expect(counts('> para\nlazy\n> ```\n> x\n> ```\n')).toEqual([1, 0]);
  });

  it('does not take `>` indented 4 columns as a quote marker', () => {
    expect(counts('> ```\n    > ```\n')).toEqual([1, 1]);
  });
});

describe('fences in list items', () => {
  it('counts fences at the item content indent, whatever the marker', () => {
    expect(counts('- ```\n  x\n  ```\n')).toEqual([1, 0]);
    expect(counts('1. step\n\n   ```\n   x\n   ```\n\n2. next\n')).toEqual([1, 0]);
    expect(counts('10) step\n\n    ```\n    x\n    ```\n')).toEqual([1, 0]);
    expect(counts('- outer\n  - inner\n\n    ```\n    x\n    ```\n')).toEqual([1, 0]);
  });

  it('keeps the fence open over blank lines inside the item', () => {
    expect(counts('- ```\n  a\n\n\n  ```\n- b\n')).toEqual([1, 0]);
  });

  it('leaves it open when an under-indented line ends the item', () => {
    expect(fencesOf('1. ```\n   x\nback\n```\n')).toEqual({
      fences: 2,
      unclosed: 2,
      firstUnclosedLine: 1,
    });
  });

  it('ends an item that opened empty at its first blank line', () => {
    expect(counts('-\n  ```\n  x\n  ```\n')).toEqual([1, 0]);
    // Past the ended item, four columns are indented code.
    expect(counts('-\n\n    ```\n')).toEqual([0, 0]);
  });

  it('starts code, not content, after 5 spaces past the marker', () => {
    expect(counts('-     ```\n')).toEqual([0, 0]);
  });

  it('expands tabs to the next multiple of 4 when measuring indentation', () => {
    expect(counts('-\t```\n\tx\n\t```\n')).toEqual([1, 0]);
    expect(counts('- a\n\n\t```\n\tx\n\t```\n')).toEqual([1, 0]);
  });

  it('reads `* * *` as a thematic break, not three nested items', () => {
    expect(counts('* * *\n```\n```\n')).toEqual([1, 0]);
  });
});

describe('fence lines inside HTML blocks are content', () => {
  it('until the blank line that ends a block of type 6', () => {
    expect(counts('<div>\n```\n</div>\n')).toEqual([0, 0]);
    expect(counts('<details>\n<summary>s</summary>\n\n```js\nx\n```\n\n</details>\n')).toEqual([
      1, 0,
    ]);
  });

  it('until the end marker of types 1 to 5, blank lines or not', () => {
    expect(counts('<pre>\n```\n\n</pre>\n```\n```\n')).toEqual([1, 0]);
    expect(counts('<!--\n```\n\n-->\n')).toEqual([0, 0]);
    expect(counts('<?php\n```\n?>\n')).toEqual([0, 0]);
  });

  it('for a whole-tag line (type 7) only where it does not interrupt a paragraph', () => {
    expect(counts('<custom-tag a="1" b=2 c>\n```\n')).toEqual([0, 0]);
    expect(counts('text\n<custom-tag>\n```\n```\n')).toEqual([1, 0]);
    expect(counts('<a b="x\n```\n```\n')).toEqual([1, 0]);
  });
});

describe('on hostile input', () => {
  it('finishes 1 MB of newlines, of one line, and of backticks', () => {
    expect(fencesOf('\n'.repeat(MB)).fences).toBe(0);
    expect(fencesOf('\r\n'.repeat(MB / 2)).fences).toBe(0);
    expect(fencesOf('a'.repeat(MB)).fences).toBe(0);
    expect(fencesOf('`'.repeat(MB))).toEqual({ fences: 1, unclosed: 1, firstUnclosedLine: 1 });
    expect(fencesOf('```\n'.repeat(MB / 4))).toEqual({
      fences: MB / 8,
      unclosed: 0,
      firstUnclosedLine: null,
    });
    expect(fencesOf(`\`\`\`\n\`\`\`${' '.repeat(MB)}x`).unclosed).toBe(1);
  });

  it('reads a fence 100 containers deep, and past that depth takes the rest of a line as text', () => {
    expect(fencesOf(`${'> '.repeat(99)}\`\`\``).unclosed).toBe(1);
    expect(fencesOf(`${'- '.repeat(99)}\`\`\``).unclosed).toBe(1);
    expect(fencesOf(`${'> '.repeat(101)}\`\`\``).fences).toBe(0);
  });

  it('finishes 1 MB of block quote nesting, then blank lines under it', () => {
    expect(fencesOf('>'.repeat(MB)).fences).toBe(0);
    expect(fencesOf(`${'> '.repeat(MB / 4)}\`\`\`\n${'\n'.repeat(MB / 2)}`).fences).toBe(0);
  });

  it('finishes 1 MB of list marker nesting, then blank and indented lines under it', () => {
    expect(fencesOf('- '.repeat(MB / 2)).fences).toBe(0);
    expect(fencesOf(`${'1. '.repeat(MB / 6)}\`\`\`\n${'\n'.repeat(MB / 2)}`).fences).toBe(0);
    expect(fencesOf(`${'- '.repeat(MB / 4)}x\n${' '.repeat(MB / 2)}\`\`\``).fences).toBe(0);
    expect(fencesOf(`${'- > '.repeat(MB / 8)}x\n${'\n'.repeat(MB / 2)}`).fences).toBe(0);
  });

  it('finishes 1 MB of near-thematic breaks, tag attributes and digits', () => {
    expect(fencesOf(`${'- '.repeat(MB / 4)}--${' '.repeat(MB / 4)}x`).fences).toBe(0);
    expect(fencesOf(`<a ${'b=c '.repeat(MB / 4)}>\n\`\`\``).fences).toBe(0);
    expect(fencesOf(`${'1'.repeat(MB)}.`).fences).toBe(0);
  });

  it('never throws, and its counts always hold together', () => {
    const piece = fc.constantFrom(
      '```',
      '~~~',
      '`',
      '>',
      '> ',
      '- ',
      '* ',
      '1. ',
      '10) ',
      ' ',
      '   ',
      '\t',
      '\n',
      '\n',
      '\r\n',
      '\r',
      'a',
      '#',
      '===',
      '---',
      '<div>',
      '<pre>',
      '</pre>',
      '<!--',
      '-->',
      '<x y="z">',
      '\uFEFF',
      '\uD800',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.string(), (pieces, noise) => {
        const markdown = pieces.join('') + noise;
        const { fences, unclosed, firstUnclosedLine } = fencesOf(markdown);
        expect(unclosed).toBeGreaterThanOrEqual(0);
        expect(unclosed).toBeLessThanOrEqual(fences);
        expect(firstUnclosedLine === null).toBe(unclosed === 0);
        expect(fencesOf(markdown.replace(/\r\n?/g, '\n'))).toEqual(fencesOf(markdown));
      }),
      { numRuns: 500 },
    );
  });
});
