/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by a host that serves the dashboard apart from the API; "/" otherwise. */
  readonly VITE_BACKEND_URL?: string
}
