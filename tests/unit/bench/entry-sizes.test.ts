import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  entryStarts,
  importsOf,
  reachableScripts,
  scriptsOfPage,
  sizeOfScripts,
} from '../../../scripts/bench/entry-sizes';

/** A build as the bundler writes it: entry chunks importing shared ones. */
const BUILD: Record<string, string> = {
  'popup.html':
    '<script type="module" crossorigin src="/chunks/popup-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/chunks/shared-B.js">',
  'options.html': '<script type="module" src="./chunks/options-C.js"></script>',
  'chunks/popup-A.js': 'import{a as e}from"./shared-B.js";import{t}from"./view-D.js";e(t);',
  'chunks/view-D.js': 'import{a}from"./shared-B.js";export const t=a;',
  'chunks/shared-B.js': 'export const a=1;',
  'chunks/options-C.js':
    'import"./shared-B.js";const l=()=>import("./lazy-E.js");const m=()=>import(`./lazy-F.js`);',
  'chunks/lazy-E.js': 'export default 2;',
  'chunks/lazy-F.js': 'export default 3;',
  'background.js': 'var background=(function(){return 1})();',
};
const read = (path: string) => {
  const text = BUILD[path];
  if (text === undefined) throw new Error(`No ${path} in the build`);
  return text;
};

describe('importsOf', () => {
  it('finds static, side-effect and dynamic imports, resolved against the importer', () => {
    expect(importsOf('chunks/options-C.js', read('chunks/options-C.js')).sort()).toEqual([
      'chunks/lazy-E.js',
      'chunks/lazy-F.js',
      'chunks/shared-B.js',
    ]);
  });

  it('ignores bare specifiers: they are not files of the build', () => {
    expect(importsOf('a.js', 'import x from"preact";import("wxt/browser.js")')).toEqual([]);
  });
});

describe('scriptsOfPage', () => {
  it('takes the page’s script tags, not its preload hints', () => {
    expect(scriptsOfPage('popup.html', read('popup.html'))).toEqual(['chunks/popup-A.js']);
  });
});

describe('reachableScripts', () => {
  it('follows imports transitively and counts each chunk once', () => {
    expect(reachableScripts(['chunks/popup-A.js'], read)).toEqual([
      'chunks/popup-A.js',
      'chunks/shared-B.js',
      'chunks/view-D.js',
    ]);
  });

  it('counts dynamically imported chunks', () => {
    expect(reachableScripts(['chunks/options-C.js'], read)).toContain('chunks/lazy-E.js');
  });

  it('leaves them out of what loads before the first render (static imports only)', () => {
    expect(reachableScripts(['chunks/options-C.js'], read, true)).toEqual([
      'chunks/options-C.js',
      'chunks/shared-B.js',
    ]);
  });
});

describe('entryStarts', () => {
  it('finds the background in the manifest and every page it is given', () => {
    const starts = entryStarts(
      ['popup.html', 'options.html'],
      { background: { service_worker: 'background.js' } },
      read,
    );
    expect(starts).toEqual([
      { entry: 'background', start: ['background.js'] },
      { entry: 'options', start: ['chunks/options-C.js'] },
      { entry: 'popup', start: ['chunks/popup-A.js'] },
    ]);
  });

  it('reads Firefox’s background scripts as well', () => {
    const starts = entryStarts([], { background: { scripts: ['background.js'] } }, read);
    expect(starts).toEqual([{ entry: 'background', start: ['background.js'] }]);
  });
});

describe('sizeOfScripts', () => {
  it('adds raw bytes and per-file gzip sizes', () => {
    const files = ['chunks/popup-A.js', 'chunks/shared-B.js'];
    const size = sizeOfScripts('popup', files, read);
    const gzipOf = (path: string) => gzipSync(Buffer.from(read(path)), { level: 9 }).length;
    const raw = read(files[0] as string).length + read(files[1] as string).length;
    const gzip = gzipOf(files[0] as string) + gzipOf(files[1] as string);
    expect(size).toEqual({ entry: 'popup', files, raw, gzip, firstRender: { files, raw, gzip } });
  });

  it('measures the first render’s scripts on their own', () => {
    const size = sizeOfScripts('popup', ['chunks/popup-A.js', 'chunks/shared-B.js'], read, [
      'chunks/popup-A.js',
    ]);
    expect(size.firstRender).toEqual({
      files: ['chunks/popup-A.js'],
      raw: read('chunks/popup-A.js').length,
      gzip: gzipSync(Buffer.from(read('chunks/popup-A.js')), { level: 9 }).length,
    });
  });
});
