/** Where a page's failures that nobody awaits go: the page's console, under the extension's name. */
export const logError = (error: unknown) => console.error('Agent Readiness Badge:', error);
