/**
 * `npm run bench:burst`: figure 7 of the bench on its own (docs/performance.md): a
 * burst of 200 distinct sites against the reference server's live dialect and its limiter of
 * 120 lookups per 60 s. Loopback only; about two minutes, most of it the wait for the window.
 */
import { startBenchWorld } from './bench-world';
import { measureBurst } from './burst';

const SITES = 200;

async function main() {
  const world = await startBenchWorld('chromium', { dialect: 'live' });
  try {
    const result = await measureBurst(world, SITES);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const named = result.afterBurst.unnamed === 0 && result.afterReopen.unnamed === 0;
    process.stdout.write(
      `7. Burst of ${result.sites} sites, limiter 120/60 s: ${result.answered429} answered 429, ` +
        `${result.answered200} answered 200; after the burst ${result.afterBurst.score} scores and ` +
        `${result.afterBurst.busy} busy${named ? ', every tab in a named state' : ', SOME TABS UNNAMED'}; ` +
        `after the window reopened ${result.afterReopen.score} scores, ${result.afterReopen.busy} busy.\n`,
    );
  } finally {
    await world.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
