import { z } from "zod";
import { jsonObject } from "../../engine/event/hookInput";
import { MAX_CLASSIFIER_CONTEXT_CHARS, present, text, watchPaths as watchPathList } from "../../engine/event/hookOutput";
import { ACCUMULATE, FIRST, outputField, rewriteOf, strictest } from "../../engine/event/outputField";
import { elicitationActionSchema, updatedPermissionsSchema } from "./answerSchema";

/*
 * Claude Code's event output fields, each declared once: its schema and how several handlers' values (and the org
 * baseline's and a team's) combine (src/engine/event/outputField.ts). handlers/claude-code/*.ts name them; Copilot
 * CLI and Cursor decide on these canonical events, so the same rules hold for them. What restricts is what the
 * client does with the value (../shared/spec/claude-code-hooks.md §1.4), not what sounds strict.
 */

/** The session's title: a label, nothing restricts. */
export const sessionTitle = outputField(text, FIRST);
/** SessionStart: the first user turn in `-p` mode. No order of strictness between two prompts: the first (the baseline's). */
export const initialUserMessage = outputField(text, FIRST);
/** SessionStart: reload skill files from disk. Neither value restricts a call. */
export const reloadSkills = outputField(z.boolean(), FIRST);
/**
 * The files FileChanged watches (absolute paths; the list replaces the client's). Every path either handler wants
 * watched stays watched: dropping one would silence the FileChanged rules on it. `[]` (clear) adds nothing.
 */
export const watchPaths = outputField(watchPathList, ACCUMULATE);
/** UserPromptSubmit/UserPromptExpansion, with a block: the original prompt is kept out of the block message. true restricts. */
export const suppressOriginalPrompt = outputField(z.boolean(), strictest(false, true));
/** MessageDisplay: replaces the text on screen (a mask of what streams by): a rewrite of `delta`. */
export const displayContent = outputField(text, rewriteOf("delta"));
/** PostToolUse: replaces the tool output Claude sees (a mask of a secret it printed): a rewrite of `tool_response`. */
export const updatedToolOutput = outputField(present, rewriteOf("tool_response"));
/** PostToolUse, the deprecated MCP-only form of updatedToolOutput: the same rewrite, so one group with it. */
export const updatedMCPToolOutput = outputField(present, rewriteOf("tool_response"));
/** PostToolUse: a note for the auto-mode classifier, like additionalContext: every handler's is given (2,000 in all). */
export const classifierContext = outputField(z.string().max(MAX_CLASSIFIER_CONTEXT_CHARS), { kind: "join", separator: "\n" });
/** PermissionRequest, with deny: `interrupt: true` also stops Claude. true restricts. */
export const interrupt = outputField(z.boolean(), strictest(false, true));
/** PermissionDenied: `retry: true` tells the model it may try the denied call again. false (the default) restricts. */
export const retry = outputField(z.boolean(), strictest(true, false));
/**
 * Elicitation/ElicitationResult: what the MCP server is told. decline and cancel both refuse (no content goes);
 * decline, the explicit refusal, is hookgate's own failure answer and the strictest.
 */
export const elicitationAction = outputField(elicitationActionSchema, strictest("accept", "cancel", "decline"));
/** Elicitation: the form values answered with accept. Two answers have no order: the first (the baseline's). */
export const elicitationContent = outputField(jsonObject, FIRST);
/** ElicitationResult: replaces the user's form values before the server gets them: a rewrite of `content`. */
export const elicitationResultContent = outputField(jsonObject, rewriteOf("content"));
/** WorktreeCreate: where the worktree is. One path, no order: the first (the baseline's). */
export const worktreePath = outputField(text.min(1), FIRST);

type PermissionUpdate = z.infer<typeof updatedPermissionsSchema>[number];

/**
 * A PermissionUpdate that can only make the client stricter: a deny or ask rule added, an allow rule removed, a
 * directory removed. Every other entry (an allow rule, replaceRules, setMode, addDirectories) can let later calls
 * through without a PermissionRequest, where the baseline's rules would never be asked.
 */
export function onlyTightens(entry: unknown): boolean {
  const e = entry as Partial<PermissionUpdate> & { behavior?: unknown };
  switch (e.type) {
    case "addRules":
      return e.behavior === "deny" || e.behavior === "ask";
    case "removeRules":
      return e.behavior === "allow";
    case "removeDirectories":
      return true;
    default:
      return false;
  }
}

/**
 * PermissionRequest, with allow: permission rules the client adds (the dialog's "always allow"). Within one policy
 * every handler's entries are kept. Under an org baseline a team's entries are kept only when they tighten
 * (onlyTightens): a team's allow rule or mode change would answer later calls before the baseline is asked.
 */
export const updatedPermissions = outputField(updatedPermissionsSchema, { kind: "accumulate", teamMay: onlyTightens });
