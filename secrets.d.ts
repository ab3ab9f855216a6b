// The Worker's secrets: `wrangler secret put` when deployed, .dev.vars locally, never wrangler.toml, so
// `wrangler types` (worker-configuration.d.ts, generated) does not declare them. Each may be absent.
declare namespace Cloudflare {
  interface Env {
    /** Turns the admin API on; without it the admin API answers 403 admin_disabled. */
    ADMIN_TOKEN?: string;
    /** The key for `prompt` handlers' LLM. */
    LLM_API_KEY?: string;
    /** The token of the local team `default`, read only when HOOKGATE_ENV is "development" (`npm start`). */
    HOOKGATE_DEV_TOKEN?: string;
    /** Headers for the OTLP collector (`key=value,key2=value2`, e.g. its API key), with OTEL_EXPORTER_OTLP_ENDPOINT. */
    OTEL_EXPORTER_OTLP_HEADERS?: string;
  }
}
