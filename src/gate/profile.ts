import type { ClientModel } from "../engine/event/client";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import type { Result } from "../engine/result";

/**
 * Everything hookgate knows about one coding-agent client, in one value: the engine's view of it (its events, each
 * declared once, and its tools) and what only the service needs (the settings that point the client at hookgate).
 * Built once at each composition root (the Worker, the CLI, the benchmarks) and handed to the Gate; the engine
 * itself imports no client. Claude Code is the first (src/clients/claude-code/); another agent is another profile.
 */
export interface ClientProfile extends ClientModel {
  /** The client's own settings block for a team, pointing each event the policy uses at the service. */
  settings(options: SettingsRequest): unknown;
  /** A base URL as the settings will carry it, or why it cannot be one. */
  serviceUrl(url: string): Result<string>;
}

interface SettingsRequest {
  /** The service's base URL (already checked with serviceUrl). */
  url: string;
  team: string;
  /** The team's policy, when there is one: only the events it uses are hooked. */
  policy?: CompiledPolicy;
  /** The org baseline in force, when there is one: the events it uses are hooked too. */
  baseline?: CompiledPolicy;
  /** The environment variable that holds the team token on the developer's machine. */
  tokenEnvVar?: string;
}
