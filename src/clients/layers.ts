/**
 * What every client's settings builder reads from a team's layers (the org baseline and the team's policy, both
 * evaluated on each call), in one place so that the builders (claude-code, codex, copilot-cli, cursor) agree on
 * which events are hooked, how long the server may take on one, and when a call hookgate cannot answer must block.
 */
import type { EventSpec } from "../engine/event/eventSpec";
import { deadlineFor } from "../engine/evaluate";
import { DEFAULT_DEADLINE_MS } from "../engine/limits/limits";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import type { SettingsRequest } from "../gate/profile";

/** The layers a request's hooks serve: the org baseline (when there is one), then the team's policy. */
export function settingsLayers(options: SettingsRequest): readonly CompiledPolicy[] {
  return [options.baseline, options.policy].filter((p): p is CompiledPolicy => p !== undefined);
}

/** The canonical events to hook: every one either layer uses, or the client's usual ones when there is no layer. */
export function hookedEvents(layers: readonly CompiledPolicy[], defaults: readonly string[]): ReadonlySet<string> {
  return new Set(layers.length > 0 ? layers.flatMap((p) => Object.keys(p.events)) : defaults);
}

/** The server's deadline for an event: the longer of the layers' (the default with none), which a hook's timeout must exceed. */
export function layersDeadlineMs(layers: readonly CompiledPolicy[], spec: EventSpec): number {
  return layers.length > 0 ? Math.max(...layers.map((p) => deadlineFor(p, spec))) : DEFAULT_DEADLINE_MS;
}

/** Whether an unanswerable call must block: when either layer fails closed, and with neither, by default. */
export function layersFailClosed(layers: readonly CompiledPolicy[]): boolean {
  return layers.length === 0 || layers.some((p) => p.failMode === "closed");
}
