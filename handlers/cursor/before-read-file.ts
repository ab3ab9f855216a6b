import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `beforeReadFile` hook, the canonical PreToolUse: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "beforeReadFile",
  canonical: "PreToolUse",
  summary: "The agent is about to read a file (the canonical Read): allow or deny.",
  input: cursorInput({ file_path: z.string(), content: z.string().optional(), attachments: z.array(z.unknown()).optional() }),
  answer: "readPermission",
});
