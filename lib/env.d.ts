interface ImportMetaEnv {
  /** Base URL of the lookup service, fixed at build time (README, "Configuration"). */
  readonly WXT_REPORT_API_BASE_URL?: string;
}
