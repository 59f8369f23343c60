/**
 * Where the specs, `npm start` and the bench import the browser from: the interface
 * (extension-browser-contract.ts) and the launcher that picks a driver by name.
 */
export type {
  BrowserName,
  ExtensionBrowser,
  LaunchOptions,
} from './extension-browser-contract';
export { BROWSER_NAMES } from './extension-browser-contract';
export { browserNameFrom, launchExtensionBrowser } from './launch-extension-browser';
