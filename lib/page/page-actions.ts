/** What a page does in the browser for the user: copy, save a file, open the options page. */
import { browser } from 'wxt/browser';

/** Where a page's failures that nobody awaits go. */
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

/** Opens the options page in a tab; where that call is missing or refused, a tab at its address. */
export async function openOptionsPage(): Promise<void> {
  try {
    await browser.runtime.openOptionsPage();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/options.html') });
  }
}

export function openOptionsPageFromClick(): void {
  openOptionsPage().catch(logError);
}
