/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API when it is not served from the app's own origin (default: same origin). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
