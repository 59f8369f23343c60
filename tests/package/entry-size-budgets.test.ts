/**
 * The JavaScript each entry of the production builds ships stays within its gzip budget
 * (scripts/bench/size-budgets.ts; docs/performance.md, "Size budgets"). Entries are found in the build, so a
 * new page is measured without being named here.
 */
import { describe, expect, it } from 'vitest';
import { entrySizes } from '../../scripts/bench/entry-sizes';
import { budgetFor, SIZE_BUDGETS } from '../../scripts/bench/size-budgets';
import { BUILD_DIRS } from './support/store-files';

describe.each(Object.entries(BUILD_DIRS))('the %s build', (_browser, buildDir) => {
  const sizes = entrySizes(buildDir);

  it('has the background and the popup among its entries (the entries were found)', () => {
    const names = sizes.map((size) => size.entry);
    expect(names).toContain('background');
    expect(names).toContain('popup');
    for (const size of sizes) expect(size.files.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(SIZE_BUDGETS))('has the budgeted entry %s', (entry) => {
    expect(sizes.map((size) => size.entry)).toContain(entry);
  });

  it.each(
    sizes.map((size) => [size.entry, size] as const),
  )('ships %s within its gzip budget', (entry, size) => {
    const { budget, note } = budgetFor(entry);
    expect(
      size.gzip,
      `${entry}: ${size.gzip} B gz over its budget of ${budget} B (${note}); files: ${size.files.join(', ')}`,
    ).toBeLessThanOrEqual(budget);
  });

  it.each(
    sizes.map((size) => [size.entry, size] as const),
  )('loads no more than its first-render budget before %s renders', (entry, size) => {
    const { firstRenderBudget, note } = budgetFor(entry);
    if (firstRenderBudget === undefined) return;
    expect(
      size.firstRender.gzip,
      `${entry}: ${size.firstRender.gzip} B gz before its first render, over ${firstRenderBudget} B (${note}); files: ${size.firstRender.files.join(', ')}`,
    ).toBeLessThanOrEqual(firstRenderBudget);
  });
});
