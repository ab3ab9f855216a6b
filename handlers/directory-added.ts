import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Runs in the background. systemMessage reaches Claude (not the user) when source is slash_command, the debug log
// otherwise; continue is discarded (contract §1.4 #23).
const topLevel = ["systemMessage", "terminalSequence"] as const;

export default {
  name: "DirectoryAdded",
  route: "directory-added",
  input: eventInput({ directory: z.string(), source: openEnum(["slash_command", "register_repo_root"]) }),
  matcher: matchField("source"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("DirectoryAdded", null, topLevel),
} satisfies EventSpec;
