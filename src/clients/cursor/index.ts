import type { ClientProfile } from "../../gate/profile";
import { CURSOR_EVENTS } from "../../../handlers/cursor";
import { claudeCodeEvents } from "../claude-code/events";
import { CLAUDE_CODE_PROTOCOL } from "../claude-code/protocol";
import { serviceBaseUrl } from "../claude-code/settings";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";
import { nativeClient } from "../native";
import { clientArgs } from "../toolRenames";
import { CURSOR_TOOLS, CURSOR_WRITERS } from "./native";
import { buildCursorSettings } from "./settings";

const SEGMENT = "cursor";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const native = nativeClient({
  name: "cursor",
  title: "Cursor",
  canonical: claudeCodeEvents,
  canonicalProtocol: CLAUDE_CODE_PROTOCOL,
  events: CURSOR_EVENTS,
  writers: CURSOR_WRITERS,
  // A rewrite is decided in canonical names; Cursor runs it in the fields its tool was called with (`path`).
  finish: (_spec, answer, input) =>
    isObject(answer.updated_input) ? { ...answer, updated_input: clientArgs(CURSOR_TOOLS, String(input.tool_name), answer.updated_input, isObject(input.tool_input) ? input.tool_input : {}) } : answer,
});

/**
 * Cursor's agent hooks on their own routes (`/v1/hooks/<team>/cursor/<event>`), reached through the command bridge
 * `.cursor/hooks.json` runs (Cursor has command hooks only): its blocking events and stop (handlers/cursor/), decided
 * in canonical terms — beforeShellExecution is Bash, beforeReadFile Read, beforeMCPExecution `mcp__cursor__<tool>` —
 * and answered in Cursor's layout.
 */
export const cursor: ClientProfile = {
  name: "cursor",
  title: "Cursor",
  routeSegment: SEGMENT,
  events: native.events,
  tools: CLAUDE_CODE_TOOLS,
  protocol: native.protocol,
  callers: [native.dialect],
  settings: (options) => buildCursorSettings(native.events, SEGMENT, native.writerOf, options),
  serviceUrl: serviceBaseUrl,
};

