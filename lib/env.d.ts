interface ImportMetaEnv {
  /** Base URL of the lookup service, fixed at build time (README, "Configuration"). */
  readonly WXT_REPORT_API_BASE_URL?: string;
  /** Check now's time limits, compiled into the e2e builds only (lib/checks/evidence.ts). */
  readonly WXT_CHECK_TIME_LIMITS?: { readonly requestMs: number; readonly runMs: number };
}
