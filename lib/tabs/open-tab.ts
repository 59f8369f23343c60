/** A tab as the lookup sees it, without a browser API, so the lookup runs on fakes in tests. */

export interface OpenTab {
  id: number;
  url: string | undefined;
  active: boolean;
  incognito?: boolean;
}

/** Awaits a browser call about a tab, where a tab closed (or replaced) meanwhile is no error. */
export async function unlessTabClosed(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    // A call about a closed tab is rejected with "No tab with id: N" in Chromium and with
    // "Invalid tab ID: N" in Firefox.
    if (!(error instanceof Error && /no tab with id|invalid tab id/i.test(error.message))) {
      throw error;
    }
  }
}
