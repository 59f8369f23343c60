import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readPageFacts, watchPageTools } from '../../../lib/checks/page-facts';
import { readTabPage, watchTabPage } from '../../../lib/page/tab-page';

type Scripting = { executeScript: (injection: unknown) => Promise<unknown[]> };
const scripting = () => (fakeBrowser as unknown as { scripting: Scripting }).scripting;

describe('reading the tab’s page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    (fakeBrowser as unknown as { scripting: Scripting }).scripting = {
      executeScript: async () => [],
    };
  });

  it('injects the self-contained reader into that tab only', async () => {
    const facts = { origin: 'https://shop.example' };
    const execute = vi.spyOn(scripting(), 'executeScript').mockResolvedValue([{ result: facts }]);
    expect(await readTabPage(7)).toBe(facts);
    expect(execute).toHaveBeenCalledWith({ target: { tabId: 7 }, func: readPageFacts });
  });

  it('reads nothing where the browser refuses a script: its own pages, the stores’, a closed tab', async () => {
    vi.spyOn(scripting(), 'executeScript').mockRejectedValue(
      new Error('The extensions gallery cannot be scripted.'),
    );
    expect(await readTabPage(7)).toBeNull();
    const stop = await watchTabPage(7, () => {});
    expect(() => stop()).not.toThrow();
  });

  it('hears the page’s tool changes on a port of its own, closed when the view stops', async () => {
    const execute = vi.spyOn(scripting(), 'executeScript');
    const listeners: (() => void)[] = [];
    const port = {
      onMessage: { addListener: (listener: () => void) => listeners.push(listener) },
      disconnect: vi.fn(),
    };
    const connect = vi
      .spyOn(fakeBrowser.tabs, 'connect')
      .mockReturnValue(port as unknown as ReturnType<typeof fakeBrowser.tabs.connect>);
    const changed = vi.fn();
    const stop = await watchTabPage(7, changed);
    expect(execute).toHaveBeenCalledWith({
      target: { tabId: 7 },
      func: watchPageTools,
      args: ['page-tools'],
    });
    expect(connect).toHaveBeenCalledWith(7, { name: 'page-tools' });
    for (const listener of listeners) listener();
    expect(changed).toHaveBeenCalledOnce();
    stop();
    expect(port.disconnect).toHaveBeenCalledOnce();
  });
});
