import puppeteer from 'puppeteer-core';
import { resolve } from 'node:path';
const UUID='11111111-2222-3333-4444-555555555555';
const browser = await puppeteer.launch({
  browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true,
  args: ['--remote-allow-system-access'],
  env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
  extraPrefsFirefox: {
    'extensions.webextensions.uuids': JSON.stringify({ 'agent-readiness-badge@is-agentic.com': UUID }),
    'extensions.allowPrivateBrowsingByDefault': true,
    'extensions.background.idle.timeout': 2000,
  },
});
await browser.installExtension(resolve('.output/firefox-mv2-e2e'));
const p = await browser.newPage();
p.goto(`moz-extension://${UUID}/options.html`).catch(() => {});
await new Promise(r => setTimeout(r, 2000));
console.log(await p.evaluate(() => location.href));
console.log('incognito', await p.evaluate(() => browser.extension.isAllowedIncognitoAccess()));
for (let i = 0; i < 8; i++) {
  console.log('bg', i, await p.evaluate(() => browser.extension.getBackgroundPage() !== null));
  await new Promise(r => setTimeout(r, 1000));
}
await browser.close();
