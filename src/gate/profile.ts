import type { ClientModel } from "../engine/event/client";
import type { EventSpec } from "../engine/event/eventSpec";
import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
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
  /**
   * Other clients that call this client's routes with their own payloads (Copilot CLI reads `.claude/settings.json`):
   * each is recognised, decided in this client's terms and answered as it reads answers.
   */
  callers?: readonly CallerDialect[];
  /**
   * The path segment of the client's hook routes after the team (`/v1/hooks/<team>/codex/<event>`): the first
   * client, Claude Code, has none and keeps `/v1/hooks/<team>/<event>` (src/routes.ts builds both).
   */
  readonly routeSegment?: string;
  /** Fields only this client sends: an input with one is this client's, refused as such when it does not fit. */
  marks?: readonly string[];
}

/** Another client's calls to a client's routes: how its input is told apart, read, and answered. */
export interface CallerDialect {
  /** A short name (`copilot-cli`), recorded with each decision. */
  readonly name: string;
  readonly title: string;
  /** The input carries this caller's own marks (fields the route's client never sends). */
  claims(input: Record<string, unknown>): boolean;
  /** The name this caller's input gives the route's event, when its format names events its own way (Cursor's `beforeShellExecution`). */
  nativeName?(spec: EventSpec): string | undefined;
  /** The input in the route client's terms (its fields, its tools), or the fields this caller's input lacks. */
  toRouteInput(spec: EventSpec, input: Record<string, unknown>): Result<Record<string, unknown>, Problem[]>;
  /** The route client's answer for the event, as this caller reads answers (nothing it would ignore). */
  answer(spec: EventSpec, answer: Record<string, unknown>, routeInput: Record<string, unknown>): Record<string, unknown>;
}

/** What a client's settings are built from (each client's settings builder takes it as it is). */
export interface SettingsRequest {
  /** The service's base URL (already checked with serviceUrl). */
  url: string;
  team: string;
  /** The team's policy, when there is one: only the events it uses are hooked. */
  policy?: CompiledPolicy;
  /** The org baseline in force, when there is one: the events it uses are hooked too. */
  baseline?: CompiledPolicy;
  /** The environment variable that holds the team token on the developer's machine (default DEFAULT_TOKEN_ENV). */
  tokenEnvVar?: string;
}

/** The variable the settings read the team token from when they are given none (and the service's block always). */
export const DEFAULT_TOKEN_ENV = "HOOKGATE_TOKEN";
