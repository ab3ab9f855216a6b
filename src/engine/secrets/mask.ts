/**
 * Secrets are masked before anything is stored, logged, sent to an LLM or forwarded (hookgate spec §5). What counts
 * as a secret comes from three places:
 *
 * 1. A maintained rule set: secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, MIT,
 *    pinned in package.json), whose scanners know the token shapes of AWS, GitHub, GitLab, Slack, Stripe, OpenAI,
 *    Anthropic, npm, SendGrid, Shopify, Hugging Face, Vault, Databricks, Docker, Figma, Cloudflare, … and database
 *    connection strings. See secretRuleSet.ts.
 * 2. Shapes of our own: hookgate's tokens, private key blocks (PEM, OpenSSH, PGP), Authorization headers of any
 *    scheme, URL credentials, `curl -u`, and a few common token prefixes (kept even where secretlint's stricter
 *    shapes would miss a truncated or test token).
 * 3. Names: a value assigned to a secret-sounding name (`DB_PASSWORD=…`, `export AWS_SECRET_ACCESS_KEY=…`,
 *    `"client_secret": "…"`, `apiKey = '…'`), a JSON key with such a name (its value masked whole, arrays and
 *    objects included), and the policy's `maskFields` paths (`*` matches one segment).
 *
 * Masking runs on request data, so its cost is bounded by what is kept: the value is cut to the caps of where it
 * goes first (the decision log's DECISION_INPUT_LIMITS, or MASK_SCAN_LIMITS for a judge or a forward), and each cut
 * string is scanned only to its cut plus CUT_MARGIN — see "cut, then masked" in maskCut.ts for why nothing that
 * straddles the cut leaks. All the strings of a value are scanned together in one pass per detector, and no pattern here can
 * backtrack more than a bounded window from where it starts (bounded quantifiers, no nested unbounded repetition;
 * test/engine/mask.test.ts times every detector on hostile input).
 */
import { DECISION_INPUT_LIMITS, depthMarker, entriesMarker, isEntriesMarker, isMarkerOnly, keptLength, truncationMarker, type CapLimits } from "../limits/cap";
import { finish, pieceOf, pieceRanges, type Piece } from "./maskCut";
import { MASK, isSecretName } from "./detectors";

export { DECISION_INPUT_LIMITS };

/** A maskFields path, split: `*` matches any one segment (an array index or an object key). */
const splitPath = (p: string) => p.split(".");
function fieldMatches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== "*" && pattern[i] !== path[i]) return false;
  return true;
}

const MAX_DEPTH = 64;
const STRUCTURAL = new Set(["session_id", "transcript_path", "cwd", "hook_event_name", "tool_name", "tool_use_id", "permission_mode", "agent_id", "agent_type", "agent_transcript_path"]);
const UNCAPPED: CapLimits = { maxString: Infinity, maxTotal: Infinity, maxEntries: Infinity, maxDepth: MAX_DEPTH };

/**
 * A copy of `value` with secret-looking strings, secret-named keys (their whole value, arrays and objects
 * included) and the policy's `maskFields` paths (`*` = any one segment) masked. Not capped: see maskForExport.
 */
export function maskSecrets(value: unknown, maskFields: readonly string[] = []): unknown {
  return capAndMask(value, maskFields, UNCAPPED, false);
}

/**
 * The value as it may leave the request: cut to `limits` (the decision log's DECISION_INPUT_LIMITS unless told;
 * MASK_SCAN_LIMITS for a judge or a forward), then masked — its cost bounded by what is kept (see "cut, then
 * masked"). Within `limits` as capValue counts them, so capping it again to the same limits changes nothing.
 */
export function maskForExport(value: unknown, maskFields: readonly string[] = [], limits: CapLimits = DECISION_INPUT_LIMITS): unknown {
  return capAndMask(value, maskFields, limits, true);
}

/**
 * maskForExport once per input: what a request's judges and forwards share (same caps, same maskFields, same
 * input object: the same output), instead of masking the input again for each handler. Hold it for one request.
 */
export function maskOnce(maskFields: readonly string[], limits: CapLimits): (input: unknown) => unknown {
  let last: { input: unknown; masked: unknown } | undefined;
  return (input) => {
    if (last === undefined || last.input !== input) last = { input, masked: maskForExport(input, maskFields, limits) };
    return last.masked;
  };
}

/**
 * One walk with capValue's rules (same cuts, same markers, same budget: keys, strings and markers counted in
 * order), masking what it keeps. `capped` false: nothing is cut (maskSecrets), too deep is "[too deep]".
 *
 * Strings are collected first and masked together (pieceRanges), then put in place in the order they were met,
 * the budget counted again on what masking made of them.
 */
function capAndMask(value: unknown, maskFields: readonly string[], limits: CapLimits, capped: boolean): unknown {
  const fields = maskFields.map(splitPath);
  const maxDepth = Math.min(limits.maxDepth, MAX_DEPTH);
  const pieces: Piece[] = [];
  /**
   * What the output holds, in order: a string of fixed length (a marker, MASK), a piece to place (a string value),
   * or an object key as a piece (`name`: scanned like a value; placed as the cut key first, renamed once masked).
   */
  const ledger: ({ fixed: number } | { piece: number; parent: Record<string, unknown> | unknown[]; key: string | number } | { name: number; parent: Record<string, unknown>; key: string })[] = [];
  const path: string[] = [];
  let budget = limits.maxTotal;
  const fixed = (s: string) => {
    budget -= s.length;
    ledger.push({ fixed: s.length });
    return s;
  };
  const allowed = () => Math.min(limits.maxString, Math.max(0, budget));
  const root: { v: unknown } = { v: undefined };
  const visit = (v: unknown, parent: Record<string, unknown> | unknown[], key: string | number, depth: number) => {
    const set = (x: unknown) => ((parent as Record<string | number, unknown>)[key] = x);
    if (fields.length > 0 && fields.some((f) => fieldMatches(f, path))) return set(fixed(MASK));
    if (typeof v === "string") {
      if (isMarkerOnly(v)) return set(fixed(v));
      // The input's own bookkeeping fields (ids, paths, names) get hookgate's detectors only: they are on every
      // request, and the rule set's cost is better spent on commands, file contents, prompts and tool output.
      const p = pieceOf(v, allowed(), !(path.length === 1 && STRUCTURAL.has(path[0]!)));
      budget -= p.cut ? p.keep + truncationMarker(p.length).length : p.length;
      ledger.push({ piece: pieces.length, parent, key });
      pieces.push(p);
      return set(undefined);
    }
    if (typeof v !== "object" || v === null) return set(v);
    if (depth >= maxDepth) return set(capped ? fixed(depthMarker(limits.maxDepth)) : "[too deep]");
    if (Array.isArray(v)) {
      const n = Math.min(v.length, limits.maxEntries);
      const out: unknown[] = new Array(n);
      set(out);
      for (let i = 0; i < n; i++) {
        path.push(String(i));
        visit(v[i], out, i, depth + 1);
        path.pop();
      }
      if (v.length > n) out.push(fixed(v.length === n + 1 && isEntriesMarker(v[n]) ? (v[n] as string) : entriesMarker(v.length)));
      return;
    }
    const out: Record<string, unknown> = {};
    set(out);
    let n = 0;
    let total = 0;
    let earlier: string | undefined;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      total++;
      const x = (v as Record<string, unknown>)[k];
      if (capped && k === "…" && isEntriesMarker(x)) {
        earlier = x as string;
        continue;
      }
      if (n >= limits.maxEntries) continue;
      n++;
      // The key as capValue keeps it (counted and cut the same way), and scanned with hookgate's detectors as a value
      // is: a key is the input's text too (an MCP tool's map keyed by tokens), and a secret there would be kept as
      // sent. It is placed cut now and renamed if masking changes it (see the end).
      const max = allowed();
      const outKey = capKey(k, max);
      if (isMarkerOnly(k)) fixed(outKey);
      else {
        budget -= outKey.length;
        ledger.push({ name: pieces.length, parent: out, key: outKey });
        pieces.push(pieceOf(k, max, false));
      }
      path.push(k);
      // A secret-named key hides its whole value: a string, a number, an array or an object of secrets.
      if ((isSecretName(k) || (outKey !== k && isSecretName(outKey))) && x !== null && typeof x !== "boolean" && !(typeof x === "string" && x.length === 0))
        out[outKey] = fixed(MASK);
      else visit(x, out, outKey, depth + 1);
      path.pop();
    }
    const marker = total > n + (earlier === undefined ? 0 : 1) ? entriesMarker(total) : earlier;
    if (marker !== undefined) {
      fixed("…");
      out["…"] = fixed(marker);
    }
  };
  visit(value, root as unknown as Record<string, unknown>, "v", 0);
  const ranges = pieceRanges(pieces);
  // Put each string in place, the budget counted again on what it became (masking changes lengths).
  budget = limits.maxTotal;
  const renamed = new Map<Record<string, unknown>, Map<string, string>>();
  for (const item of ledger) {
    if ("fixed" in item) budget -= item.fixed;
    else if ("name" in item) {
      const s = finish(pieces[item.name]!, ranges[item.name]!, allowed());
      budget -= s.length;
      if (s !== item.key) {
        let names = renamed.get(item.parent);
        if (!names) renamed.set(item.parent, (names = new Map()));
        names.set(item.key, s);
      }
    } else {
      const s = finish(pieces[item.piece]!, ranges[item.piece]!, allowed());
      budget -= s.length;
      (item.parent as Record<string | number, unknown>)[item.key] = s;
    }
  }
  for (const [object, names] of renamed) renameKeys(object, names);
  return root.v;
}

/**
 * `object`'s keys renamed in place, their order kept. Two keys masked to the same text both stay (`[masked]`,
 * `[masked]#2`, …): one masked key must not overwrite another's value.
 */
function renameKeys(object: Record<string, unknown>, names: ReadonlyMap<string, string>) {
  const entries = Object.entries(object);
  for (const [k] of entries) delete object[k];
  for (const [k, v] of entries) {
    const wanted = names.get(k) ?? k;
    let key = wanted;
    for (let i = 2; Object.hasOwn(object, key); i++) key = `${wanted}#${i}`;
    object[key] = v;
  }
}

/** A key cut as capValue cuts it (a marker key stays). */
const capKey = (k: string, max: number) => (isMarkerOnly(k) || k.length <= max ? k : k.slice(0, keptLength(k, max)) + truncationMarker(k.length));
