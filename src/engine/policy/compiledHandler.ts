import type { ClientModel } from "../event/client";
import type { CompiledEffectCondition } from "../match/effectCondition";
import type { LinearRegex } from "../match/linearPattern";
import type { CompiledRule } from "../match/permissionRule";
import type { RuleHint } from "../match/ruleIndex";

/*
 * What compiling takes and the fields every compiled handler has, whatever its kind: the types the compiler
 * (compilePolicy.ts) and the handler kinds (handlers/) share, here so that neither has to import the other's types.
 * A kind's own compiled fields are in its folder (handlers/<kind>/schema.ts); handlers/kinds.ts joins them.
 */

export interface CompileOptions {
  /** The client the policy is for: its events and tools. */
  client: ClientModel;
  /**
   * Every client the service serves (src/clients/names.ts): what a group's `clients` may name. The engine knows no
   * client, so it is handed the names; without them only the client compiled for is known (a group naming another is
   * refused, never silently dropped).
   */
  clientNames?: readonly string[];
  /**
   * Compile `when` regexes, and the path globs of `effect` conditions, on first use instead of now. Only for
   * documents this engine version already validated (loading a stored revision on a cold isolate): RE2 compilation
   * is most of the cost of a large policy, and the starter's effect rules name hundreds of globs.
   */
  lazyPatterns?: boolean;
  /**
   * Compile each handler on its first use instead of now, indexed meanwhile by hints read from its document
   * (compilePolicy.ts's deferredHint). Only for documents this engine version already validated (loading a stored
   * revision): a cold isolate with a large policy then compiles only the handlers its first requests reach. A
   * handler that fails to compile then throws HandlerCompileError out of evaluate, and the policy's warnings and the
   * handlers' kind problems are not worked out (they were at publish).
   */
  lazyHandlers?: boolean;
  /**
   * Work out the policy's warnings (the default). False when loading a stored revision: its warnings were reported
   * when it was published, nothing on the hook path reads them, and the matcher-exclusion check is ~10% of loading a
   * large policy. The compiled policy then has none.
   */
  warnings?: boolean;
  /**
   * The Worker secrets declared for forwarding (FORWARD_SECRETS), when the caller knows the deployment (publish):
   * an `http` handler's `allowedEnvVars` may then name only those. hookgate's own credentials are refused always.
   */
  forwardSecrets?: readonly string[];
}

export interface CompiledWhen {
  path: string;
  segments: string[];
  /** The path has a `*` segment (fans out over an array or object). */
  fansOut: boolean;
  source: string;
  regex: LinearRegex;
  /**
   * Only for patterns compiled on first use (see lazyPatterns): the compile error, if compiling failed. Such a
   * pattern never matches; the handler fails through onError/failMode instead (never a match-everything).
   */
  compileError?: () => string | undefined;
}

/** The fields every compiled handler has (written once: each kind's compiled handler is these and its own). */
export interface CompiledHandlerBase {
  id: string;
  /** Position in the document, e.g. `hooks.PreToolUse[0].hooks[2]`. */
  path: string;
  /** Declaration order across the event: the aggregation order. */
  order: number;
  ifRules: CompiledRule[];
  /** A sound pre-filter over the `if` rules (tool names, Bash first words), so big policies stay fast. */
  hint: RuleHint | undefined;
  unlessRules: CompiledRule[];
  /** `if`/`unless` must hold for every part of a Bash command, not just one (allow rules). */
  allParts: boolean;
  when: CompiledWhen[];
  /** `effect` conditions (any holds) on what the call would do (its effects, shell/effects.ts). */
  effectConditions: CompiledEffectCondition[];
  /** `secrets`: input paths (split into segments) one of which must hold a credential. */
  secrets: string[][];
  once: boolean;
  dryRun: boolean;
}
