import { activationToBadge, installBadgeProbe } from '../badge-probe';
import { benchSite, FIXTURE_ORIGINS, startBenchWorld, tabIdOf } from '../bench-world';
import { fillStore } from '../full-store';

async function main() {
  const world = await startBenchWorld('chromium');
  try {
    const anchor = await world.browser.openTab(`${FIXTURE_ORIGINS.high}/`);
    await world.browser.settledBadgeOf(anchor.tabId);
    const t = await world.browser.openTab(`${benchSite(2000)}/`);
    await world.browser.settledBadgeOf(t.tabId);
    await t.page.close();
    await fillStore(world, benchSite(2000));
    for (let i = 0; i < 4; i++) {
      const page = await world.browser.context.newPage();
      await anchor.page.bringToFront();
      await page.goto(`${benchSite(2100 + i)}/`);
      const tabId = await tabIdOf(world, page);
      const worker = await world.browser.worker();
      await installBadgeProbe(worker);
      await worker.evaluate(() => {
        const g = globalThis as any;
        if (g.spans) { g.spans.length = 0; return; }
        g.spans = [];
        const targets: [string, any, string[]][] = [
          ['local', chrome.storage.local, ['get', 'set', 'remove']],
          ['session', chrome.storage.session, ['get', 'set', 'remove']],
          ['tabs', chrome.tabs, ['get', 'query']],
          ['action', chrome.action, ['setBadgeText', 'setBadgeBackgroundColor', 'setTitle', 'setBadgeTextColor']],
          ['perm', chrome.permissions, ['contains']],
          ['g', globalThis, ['fetch']],
        ];
        for (const [area, owner, methods] of targets) for (const method of methods) {
          const original = owner[method].bind(owner);
          owner[method] = async (...args: any[]) => {
            const start = performance.now();
            const a = args[0];
            const what = typeof a === 'string' ? a : Array.isArray(a) ? a.join(',').slice(0, 60) : a && typeof a === 'object' ? Object.keys(a).join(',').slice(0, 60) : String(a);
            try { return await original(...args); } finally { g.spans.push({ api: `${area}.${method} ${what}`, start, end: performance.now() }); }
          };
        }
      });
      const t0 = await worker.evaluate(() => performance.now());
      await page.bringToFront();
      const ms = await activationToBadge(worker, tabId);
      await new Promise((r) => setTimeout(r, 300));
      const spans = await worker.evaluate(() => (globalThis as any).spans);
      console.log(`--- sample ${i}: ${ms.toFixed(1)} ms`);
      for (const s of spans.sort((a: any, b: any) => a.start - b.start)) console.log(`${(s.start - t0).toFixed(1).padStart(7)} ${(s.end - t0).toFixed(1).padStart(7)} ${(s.end - s.start).toFixed(1).padStart(6)} ${s.api}`);
      await page.close();
    }
  } finally { await world.close(); }
}
main().catch((e) => { console.error(e); process.exit(1); });
