import { describe, expect, it } from 'vitest';
import {
  checkImports,
  folderOf,
  importedSpecifiers,
  readSources,
} from '../../../scripts/check-imports';

const tree = (files: Record<string, string>) => new Map(Object.entries(files));

describe('scripts/check-imports.ts', () => {
  it('passes the repository as it is', () => {
    const sources = readSources(process.cwd(), ['lib', 'components', 'entrypoints']);
    expect(sources.size).toBeGreaterThan(80);
    expect(checkImports(sources)).toEqual([]);
  });

  it('reads static, multi-line, re-exported, side-effect and dynamic imports', () => {
    const source = [
      "import { a } from './a';",
      'import {',
      '  b,',
      "} from '../b';",
      "export { c } from './c';",
      "import type { D } from './d';",
      "import './e.css';",
      "const f = await import('./f');",
      "// not an import: 'from ./g'",
    ].join('\n');
    expect(importedSpecifiers(source)).toEqual(['./a', '../b', './c', './d', './e.css', './f']);
  });

  it('names the folder a file belongs to', () => {
    expect(folderOf('lib/lookup/ports.ts')).toBe('lib/lookup');
    expect(folderOf('lib/extension-manifest.ts')).toBe('lib');
    expect(folderOf('components/report/IssueList.tsx')).toBe('components');
    expect(folderOf('scripts/start.ts')).toBeNull();
  });

  it('allows an import down the layers', () => {
    const sources = tree({
      'lib/lookup/service.ts': "import { cache } from '../cache/cache';",
      'lib/cache/cache.ts': "import { Report } from '../contract/schema';",
      'lib/contract/schema.ts': 'export type Report = {};',
    });
    expect(checkImports(sources)).toEqual([]);
  });

  it('fails an import up the layers', () => {
    const sources = tree({
      'lib/cache/cache.ts': "import { lookup } from '../lookup/service';",
      'lib/lookup/service.ts': 'export const lookup = 1;',
    });
    expect(checkImports(sources)).toEqual([
      {
        kind: 'against-the-layers',
        message:
          'lib/cache/cache.ts imports lib/lookup/service.ts: lib/cache/ may not import lib/lookup/ (a higher layer)',
      },
    ]);
  });

  it('fails an import between two folders of one layer', () => {
    const sources = tree({
      'lib/history/log.ts': "import { cache } from '../cache/cache';",
      'lib/cache/cache.ts': 'export const cache = 1;',
    });
    expect(checkImports(sources).map((problem) => problem.kind)).toEqual(['against-the-layers']);
  });

  it('fails an import circle, even inside one folder', () => {
    const sources = tree({
      'lib/lookup/a.ts': "import { b } from './b';",
      'lib/lookup/b.ts': "import { c } from './c';",
      'lib/lookup/c.ts': "import { a } from './a';",
    });
    expect(checkImports(sources)).toEqual([
      {
        kind: 'circle',
        message:
          'import circle: lib/lookup/a.ts → lib/lookup/b.ts → lib/lookup/c.ts → lib/lookup/a.ts',
      },
    ]);
  });

  it('fails a browser API in code that must run on plain data', () => {
    const sources = tree({ 'lib/lookup/a.ts': "import { browser } from 'wxt/browser';" });
    expect(checkImports(sources).map((problem) => problem.kind)).toEqual(['browser-api']);
  });
});
