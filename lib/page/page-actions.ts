/** What a page does in the browser for the user: copy, save a file, open the options page. */
import { browser } from 'wxt/browser';

/** Where a page's failures that nobody awaits go: the page's console, under the extension's name. */
export const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);

/** Writes text to the clipboard; false when the browser refuses (no focus, no permission). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves text as a file through the browser's own download of a blob URL: the file is made in
 * the page and never leaves the computer.
 */
export function downloadText(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; the URL is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens the options page in a tab (`options_ui.open_in_tab`), on desktop and on Firefox for
 * Android alike; where that call is missing or refused, a tab at the page's address does it.
 */
export async function openOptionsPage(): Promise<void> {
  try {
    await browser.runtime.openOptionsPage();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/options.html') });
  }
}

/** For a click handler: failures go to the page's console rather than nowhere. */
export function openOptionsPageFromClick(): void {
  openOptionsPage().catch(logError);
}
