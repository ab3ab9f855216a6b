import type { ClientProfile } from "../../gate/profile";
import { CURSOR_EVENTS } from "../../../handlers/cursor";
import { claudeCodeEvents } from "../claude-code/events";
import { CLAUDE_CODE_PROTOCOL } from "../claude-code/protocol";
import { serviceBaseUrl } from "../claude-code/settings";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";
import { nativeClient } from "../native";
import { CURSOR_WRITERS } from "./native";
import { buildCursorSettings } from "./settings";

const SEGMENT = "cursor";

const native = nativeClient({
  name: "cursor",
  title: "Cursor",
  canonical: claudeCodeEvents,
  canonicalProtocol: CLAUDE_CODE_PROTOCOL,
  events: CURSOR_EVENTS,
  writers: CURSOR_WRITERS,
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

