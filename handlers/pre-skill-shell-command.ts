import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum, toolInputFields } from "../src/engine/hookInput";
import { answerSchema, permissionDecisionFields } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;
const verdicts = ["allow", "deny", "ask"] as const;

// A shell command a skill or slash command is about to run (Appendix C): permission contract with updatedInput but
// no additionalContext; prompt and agent handlers do not run on it.
export default {
  name: "PreSkillShellCommand",
  route: "pre-skill-shell-command",
  input: eventInput({
    ...toolInputFields,
    tool_input: z.object({ command: z.string() }).loose(),
    command_name: z.string(),
    command_source: z.string().optional(),
    invoked_by: openEnum(["user", "claude", "other"]),
  }),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "permission",
  verdicts,
  reason: true,
  updatedInput: true,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema(
    "PreSkillShellCommand",
    permissionDecisionFields(verdicts, { updatedInput: true, additionalContext: false }),
    topLevel,
  ),
} satisfies EventSpec;
