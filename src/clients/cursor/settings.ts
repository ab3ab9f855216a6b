import type { EventTable } from "../../engine/event/client";
import { hookUrl } from "../../routes";
import { commandBridge, type BridgeConventions } from "../bridge";
import type { AnswerWriter, NativeSpec } from "../native";
import { DEFAULT_TOKEN_ENV, type SettingsRequest } from "../../gate/profile";
import { hookedEvents, layersDeadlineMs, layersFailClosed, settingsLayers } from "../layers";

/** Cursor's command hooks: exit 2 blocks (the documented deny), any other failure is logged and the agent goes on. */
const CURSOR_BRIDGE: BridgeConventions = { runtime: "sh", blockExit: 2, openExit: 1 };

const DEFAULT_EVENTS: readonly string[] = ["PreToolUse", "UserPromptSubmit", "Stop"];

/**
 * `.cursor/hooks.json`: a command hook per Cursor event whose canonical event the policy (or the baseline) uses,
 * each the bridge to its route. When either layer fails closed, a bridge that cannot get an answer prints the
 * event's blocking answer and exits 2, so an unreachable hookgate stops the call instead of waving it through.
 */
export function buildCursorSettings(
  events: EventTable,
  segment: string,
  writerOf: (spec: NativeSpec) => AnswerWriter | undefined,
  options: SettingsRequest,
): { version: 1; hooks: Record<string, unknown[]> } {
  const envVar = options.tokenEnvVar ?? DEFAULT_TOKEN_ENV;
  const policies = settingsLayers(options);
  const used = hookedEvents(policies, DEFAULT_EVENTS);
  const closed = layersFailClosed(policies);
  const hooks: Record<string, unknown[]> = {};
  for (const spec of events.list as readonly NativeSpec[]) {
    if (!used.has(spec.name)) continue;
    const deadlineMs = layersDeadlineMs(policies, spec);
    const timeoutSec = Math.ceil(deadlineMs / 1000) + 2;
    const writer = writerOf(spec);
    const reason = "hookgate could not be asked; the team policy fails closed.";
    const blocking = closed && writer?.blocks ? writer.write(spec.name === "Stop" ? { output: {} } : { verdict: spec.verdicts.includes("deny") ? "deny" : "block", reason, output: {} }) : undefined;
    const closedAnswer = blocking && Object.keys(blocking).length > 0 ? blocking : undefined;
    hooks[spec.native.native] = [
      { command: commandBridge(CURSOR_BRIDGE, { url: hookUrl(options.url, options.team, spec.route, segment), envVar, timeoutSec, ...(closedAnswer ? { closed: { answer: closedAnswer } } : {}) }), timeout: timeoutSec + 1 },
    ];
  }
  return { version: 1, hooks };
}
