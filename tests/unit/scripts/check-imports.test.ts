import { describe, expect, it } from 'vitest';
import {
  checkImports,
  folderOf,
  foldersOutsideTests,
  importedSpecifiers,
  readSources,
} from '../../../scripts/check-imports';

const tree = (files: Record<string, string>) => new Map(Object.entries(files));

describe('scripts/check-imports.ts', () => {
  it('passes the repository as it is', () => {
    const sources = readSources(process.cwd(), foldersOutsideTests(process.cwd()));
    expect(sources.size).toBeGreaterThan(200);
    expect([...sources.keys()].filter((file) => file.startsWith('tests/'))).toEqual([]);
    expect(sources.has('wxt.config.ts')).toBe(true);
    expect(sources.has('scripts/start.ts')).toBe(true);
    expect(checkImports(sources)).toEqual([]);
  });

  it('reads every top-level folder and file but tests/, node_modules and dot-files', () => {
    const folders = foldersOutsideTests(process.cwd());
    expect(folders).toEqual(
      expect.arrayContaining(['build', 'extension-browser', 'lib', 'reference-server', 'scripts']),
    );
    expect(folders).toContain('wxt.config.ts');
    expect(folders).not.toContain('tests');
    expect(folders).not.toContain('node_modules');
    expect(folders.filter((name) => name.startsWith('.'))).toEqual([]);
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

  it('fails an import from tests/ in a file outside tests/', () => {
    const sources = tree({
      'scripts/start.ts': "import { reports } from '../tests/fixtures/reports';",
      'build/plugin.ts': "import { world } from '@/tests/support/world';",
      'wxt.config.ts': "const f = await import('./tests/support/f');",
      'tests/fixtures/reports.ts': 'export const reports = [];',
    });
    expect(checkImports(sources)).toEqual([
      {
        kind: 'test-code',
        message:
          'scripts/start.ts imports tests/fixtures/reports.ts: only tests/ may import from tests/ (move what both need out of tests/, as reference-server/ and extension-browser/ are)',
      },
      {
        kind: 'test-code',
        message:
          'build/plugin.ts imports tests/support/world: only tests/ may import from tests/ (move what both need out of tests/, as reference-server/ and extension-browser/ are)',
      },
      {
        kind: 'test-code',
        message:
          'wxt.config.ts imports tests/support/f: only tests/ may import from tests/ (move what both need out of tests/, as reference-server/ and extension-browser/ are)',
      },
    ]);
  });

  it('lets tests import from tests/ and from anywhere else', () => {
    const sources = tree({
      'tests/e2e/a.spec.ts': [
        "import { world } from '../support/world';",
        "import { startReferenceServer } from '../../reference-server/server';",
        "import { SOURCES_INCLUDED } from '../../build/store-packages';",
      ].join('\n'),
      'tests/support/world.ts': 'export const world = 1;',
    });
    expect(checkImports(sources)).toEqual([]);
  });

  it('does not take a folder named like tests/ for it', () => {
    const sources = tree({
      'scripts/a.ts': "import { b } from '../tests-data/b';",
      'lib/contract/a.ts': "import { b } from './tests/b';",
    });
    expect(checkImports(sources)).toEqual([]);
  });

  it('fails a browser API in code that must run on plain data', () => {
    const sources = tree({ 'lib/lookup/a.ts': "import { browser } from 'wxt/browser';" });
    expect(checkImports(sources).map((problem) => problem.kind)).toEqual(['browser-api']);
  });
});
