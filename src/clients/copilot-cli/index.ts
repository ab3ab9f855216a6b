import type { ClientProfile } from "../../gate/profile";
import { COPILOT_CLI_EVENTS } from "../../../handlers/copilot-cli";
import { claudeCodeEvents } from "../claude-code/events";
import { CLAUDE_CODE_PROTOCOL } from "../claude-code/protocol";
import { serviceBaseUrl } from "../claude-code/settings";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";
import { nativeClient } from "../native";
import { COPILOT_WRITERS } from "./native";
import { buildCopilotSettings } from "./settings";
import { copilotArgs } from "./tools";

const SEGMENT = "copilot-cli";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const native = nativeClient({
  name: "copilot-cli",
  title: "GitHub Copilot CLI",
  canonical: claudeCodeEvents,
  canonicalProtocol: CLAUDE_CODE_PROTOCOL,
  events: COPILOT_CLI_EVENTS,
  writers: COPILOT_WRITERS,
  // A rewrite is decided in canonical names; Copilot runs it in its own (`path`, not `file_path`).
  finish: (_spec, answer, input) =>
    isObject(answer.modifiedArgs) ? { ...answer, modifiedArgs: copilotArgs(String(input.tool_name), answer.modifiedArgs, isObject(input.tool_input) ? input.tool_input : {}) } : answer,
});

/**
 * GitHub Copilot CLI 1.0.102 on its own routes (`/v1/hooks/<team>/copilot-cli/<event>`, its `.github/hooks/*.json`
 * http hooks): its events (handlers/copilot-cli/) decided in canonical terms — Claude Code's events and tools, so the
 * one policy a team publishes applies — and answered in Copilot's layout. Its calls to Claude Code's routes (it reads
 * `.claude/settings.json` too) are the Claude profile's caller dialect (claudeRoutes.ts).
 */
export const copilotCli: ClientProfile = {
  name: "copilot-cli",
  title: "GitHub Copilot CLI",
  routeSegment: SEGMENT,
  events: native.events,
  tools: CLAUDE_CODE_TOOLS,
  protocol: native.protocol,
  callers: [native.dialect],
  settings: (options) => buildCopilotSettings(native.events, SEGMENT, options),
  serviceUrl: serviceBaseUrl,
};

