import type { ClientProfile } from "../gate/profile";
import { claudeCode } from "./claude-code";
import { copilotCli } from "./copilot-cli";
import { cursor } from "./cursor";

/**
 * Every client hookgate serves, in one list: the Worker's app routes each (createApp), the API document lists each
 * one's routes, and a client is added here once its profile exists. Claude Code comes first: its routes have no
 * client segment (`/v1/hooks/<team>/<event>`), every other client's are `/v1/hooks/<team>/<routeSegment>/<event>`.
 */
export const CLIENT_PROFILES: readonly ClientProfile[] = [claudeCode, copilotCli, cursor];

/** A client's profile by its name (`claude-code`, `codex`), or undefined. */
export function clientProfile(name: string): ClientProfile | undefined {
  return CLIENT_PROFILES.find((p) => p.name === name);
}
