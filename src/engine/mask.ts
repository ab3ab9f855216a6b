/**
 * Secrets are masked before anything is written to the decision log or sent to an LLM (hookgate spec §5).
 * The patterns are ours (not tenant-supplied) and written so each runs in linear time.
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key id
  /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{8,}/g, // Stripe
  /\bsk-(?:ant-)?[0-9A-Za-z_-]{20,}/g, // Anthropic / OpenAI keys
  /\bgh[pousr]_[0-9A-Za-z]{30,}/g, // GitHub tokens
  /\bgithub_pat_[0-9A-Za-z_]{40,}/g,
  /\bxox[abposr]-[0-9A-Za-z-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\beyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}/g, // JWT
  /\bhg_[0-9A-Za-z_-]{40,}/g, // hookgate's own tokens
  /\b(?:Bearer|Basic)\s+[0-9A-Za-z._~+/=-]{16,}/g,
];
/** `password=…`, `"api_key": "…"` and the like: keep the name, mask the value. */
const ASSIGNED_SECRET = /\b((?:pass(?:word)?|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret)["']?\s*[:=]\s*["']?)([^\s"',;&]{4,})/gi;
const SECRET_KEY_NAME = /^(?:pass(?:word)?|passwd|secret|.*token|api[_-]?key|.*access[_-]?key|private[_-]?key|client[_-]?secret|authorization|cookie)$/i;

import { capValue, type CapLimits } from "./cap";

export const MASK = "[masked]";

/**
 * Masking runs on request data, so its cost is bounded by capping the value first: each string is scanned up to
 * 64 KiB, 256 KiB across the whole value, 1,000 entries per array/object, 64 levels; whatever is past the caps is
 * cut (with a `…[truncated by hookgate: N chars]` marker) and never stored, logged, judged or forwarded.
 */
export const MASK_SCAN_LIMITS: CapLimits = { maxString: 64 * 1024, maxTotal: 256 * 1024, maxEntries: 1000, maxDepth: 64 };

/** The value as it may leave the request: capped to MASK_SCAN_LIMITS, then masked. */
export function maskForExport(value: unknown, maskFields: readonly string[] = []): unknown {
  return maskSecrets(capValue(value, MASK_SCAN_LIMITS).value, maskFields);
}

export function maskText(text: string): string {
  let out = text;
  for (const re of SECRET_PATTERNS) out = out.replace(re, MASK);
  return out.replace(ASSIGNED_SECRET, (_, name: string) => `${name}${MASK}`);
}

const MAX_DEPTH = 64;

/** A copy of `value` with secret-looking strings, secret-named keys and the policy's `maskFields` masked. */
export function maskSecrets(value: unknown, maskFields: readonly string[] = [], path = "", depth = 0): unknown {
  if (maskFields.includes(path)) return MASK;
  if (typeof value === "string") return maskText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((v, i) => maskSecrets(v, maskFields, path ? `${path}.${i}` : String(i), depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const p = path ? `${path}.${key}` : key;
    out[key] = SECRET_KEY_NAME.test(key) && typeof v === "string" ? MASK : maskSecrets(v, maskFields, p, depth + 1);
  }
  return out;
}
