import type { EventSpec } from "../../engine/event/eventSpec";
import { CODEX_EVENTS } from "./events";

/*
 * The facts of Codex 0.169.0 a capability table needs (docs/codex.md; docs/clients.md's table can be generated from
 * this), each tried with the real `codex exec` or read in its output parser (codex-rs/hooks/src/engine/output_parser.rs).
 */

/** What one policy verdict becomes in Codex's answer for an event. */
type VerdictMap = Readonly<Partial<Record<"allow" | "deny" | "ask" | "defer" | "block", string>>>;

const VERDICTS: Readonly<Record<EventSpec["answer"], VerdictMap>> = {
  permission: {
    deny: "deny (the call does not run; the reason goes to the model)",
    ask: "deny, the reason saying a person must run the call (Codex hooks cannot ask)",
    defer: "deny, as ask",
    allow: "no opinion (Codex takes no bare allow); allow with updatedInput rewrites the call",
  },
  permissionRequest: { allow: "approve", deny: "deny (with the reason)", ask: "no decision: Codex's own prompt" },
  block: { block: "decision block with the reason" },
  none: {},
};

interface CodexEventCapability {
  event: string;
  canBlock: boolean;
  verdicts: VerdictMap;
}

export const CODEX_CAPABILITIES = {
  client: "codex",
  version: "0.169.0",
  hookKinds: "command hooks only (hookgate's node command bridge)",
  events: CODEX_EVENTS.map(
    (s): CodexEventCapability => ({ event: s.name, canBlock: s.verdicts.includes("deny") || s.verdicts.includes("block"), verdicts: VERDICTS[s.answer] }),
  ),
  onTimeout: "the hook is killed and the tool runs (fails open); the bridge gives up a second before and, failing closed, exits 2",
  onError: "exit 1, a non-JSON answer or one outside the event's output schema: \"hook Failed\" and the tool runs (fails open); exit 2 with stderr blocks",
  trust: "hooks in hooks.json or config.toml run only after a person reviews and trusts them (a trusted_hash in the user's config); hooks in the managed requirements.toml run at once and cannot be turned off",
  cannotEnforce: [
    "ask and defer on PreToolUse (denied instead)",
    "a bare allow on PreToolUse (no opinion)",
    "continue:false on PreToolUse and PermissionRequest (the call is denied instead)",
    "updatedInput, updatedPermissions and interrupt on PermissionRequest",
    "Claude Code's own events and output fields (left out, with a warning at publish)",
  ],
} as const;
