import { gzipSync } from 'node:zlib';
import { encode } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import {
  byPackage,
  GENERATED,
  packageOf,
  profileScript,
  shortName,
  textBySource,
} from '../../../scripts/bench/size-profile';

// Two lines of generated code: "AAAABBB" (A from lib, B from zod) and "!CC" (! unmapped,
// C from preact).
const CODE = 'AAAABBB\n!CC';
const MAP = {
  sources: [
    '../../lib/a.ts',
    '../../node_modules/zod/v4/core/util.js',
    '../../node_modules/preact/dist/preact.mjs',
  ],
  mappings: encode([
    [
      [0, 0, 0, 0],
      [4, 1, 0, 0],
    ],
    [[1, 2, 0, 0]],
  ]),
};

describe('textBySource', () => {
  it('charges every generated character to the source its segment maps to', () => {
    expect(Object.fromEntries(textBySource(CODE, MAP))).toEqual({
      'lib/a.ts': 'AAAA',
      'zod/v4/core/util.js': 'BBB',
      [GENERATED]: '!',
      'preact/dist/preact.mjs': 'CC',
    });
  });
});

describe('profileScript', () => {
  it('accounts for every byte, and its gzip shares add up to the file’s gzip size', () => {
    const shares = profileScript(CODE, MAP);
    expect(shares.reduce((sum, share) => sum + share.raw, 0)).toBe(CODE.length - 1);
    const total = gzipSync(CODE, { level: 9 }).length;
    expect(shares.reduce((sum, share) => sum + share.gzip, 0)).toBeCloseTo(total, 6);
  });
});

describe('byPackage', () => {
  it('folds a package’s modules into one row and keeps our own modules apart', () => {
    const rows = byPackage([
      { module: 'zod/v4/core/util.js', raw: 10, gzip: 4 },
      { module: 'zod/v4/mini/schemas.js', raw: 5, gzip: 2 },
      { module: 'lib/a.ts', raw: 3, gzip: 1 },
      { module: '@wxt-dev/storage/dist/index.mjs', raw: 8, gzip: 3 },
    ]);
    expect(rows).toEqual([
      { module: 'zod', raw: 15, gzip: 6 },
      { module: '@wxt-dev/storage', raw: 8, gzip: 3 },
      { module: 'lib/a.ts', raw: 3, gzip: 1 },
    ]);
  });
});

describe('shortName and packageOf', () => {
  it.each([
    ['../../node_modules/zod/v4/core/util.js', 'zod/v4/core/util.js', 'zod'],
    [
      '../../node_modules/@wxt-dev/storage/dist/index.mjs',
      '@wxt-dev/storage/dist/index.mjs',
      '@wxt-dev/storage',
    ],
    [
      '../../../lib/cache/report-cache.ts',
      'lib/cache/report-cache.ts',
      'lib/cache/report-cache.ts',
    ],
    [
      '../../../components/report/ScoreHeader.tsx',
      'components/report/ScoreHeader.tsx',
      'components/report/ScoreHeader.tsx',
    ],
  ])('%s is %s, of %s', (source, short, owner) => {
    expect(shortName(source)).toBe(short);
    expect(packageOf(short)).toBe(owner);
  });
});
