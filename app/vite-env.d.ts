interface ImportMetaEnv {
  /** The interface texts' version (scripts/locales-version.js), defined by vite.config.ts. */
  readonly LOCALES_VERSION: string;
}
