// The Worker's bindings, as wrangler.toml and .dev.vars declare them.
declare namespace Cloudflare {
  interface Env {
    HOOKGATE_KV: KVNamespace;
    DB: D1Database;
    COORDINATOR: DurableObjectNamespace<import("./src/coordinator").Coordinator>;
    HOOKGATE_ENV?: string;
    ADMIN_TOKEN?: string;
    HOOKGATE_DEV_TOKEN?: string;
    LLM_BASE_URL?: string;
    LLM_API_KEY?: string;
    LLM_PROVIDER?: string;
    LLM_MODEL?: string;
    BODY_LIMIT_BYTES?: string;
    CACHE_TTL_MS?: string;
    /** Comma-separated names of Worker secrets that `http` handlers may send in headers (never ADMIN_TOKEN, LLM_API_KEY, HOOKGATE_DEV_TOKEN). */
    FORWARD_SECRETS?: string;
  }
}
interface Env extends Cloudflare.Env {}
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("./src/index");
  }
}
