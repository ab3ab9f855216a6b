import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

// `continue` is left out: the contract documents no effect of continue:false here (§1.3 row 5, §1.4 #5).
const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { suppressOriginalPrompt: z.boolean() };

export default {
  name: "UserPromptExpansion",
  route: "user-prompt-expansion",
  input: eventInput({
    expansion_type: openEnum(["slash_command", "mcp_prompt"]),
    command_name: z.string(),
    command_args: z.string(),
    command_source: z.string().optional(),
    prompt: z.string(),
  }),
  matcher: matchField("command_name"),
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields,
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("UserPromptExpansion", { additionalContext: text, ...outputFields }, [...topLevel, "block"]),
} satisfies EventSpec;
