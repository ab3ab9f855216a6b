import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Observability only: the client discards the answer (contract §1.4 #3), so the only answer is {}.
export default {
  name: "InstructionsLoaded",
  route: "instructions-loaded",
  input: eventInput({
    file_path: z.string(),
    memory_type: openEnum(["User", "Project", "Local", "Managed"]),
    load_reason: openEnum(["session_start", "nested_traversal", "path_glob_match", "include", "compact"]),
    globs: z.array(z.string()).optional(),
    trigger_file_path: z.string().optional(),
    parent_file_path: z.string().optional(),
  }),
  matcher: matchField("load_reason"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel: [],
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("InstructionsLoaded", null, []),
} satisfies EventSpec;
