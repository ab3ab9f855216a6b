import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchBasename, openEnum } from "../src/engine/hookInput";
import { answerSchema, watchPaths } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { watchPaths };

// The matcher is tested against basename(file_path) with the narrow exact-match set (contract §1.4 #24, §3.1).
export default {
  name: "FileChanged",
  route: "file-changed",
  input: eventInput({ file_path: z.string(), event: openEnum(["change", "add", "unlink"]) }),
  matcher: matchBasename("file_path", "narrow"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields,
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("FileChanged", outputFields, topLevel),
} satisfies EventSpec;
