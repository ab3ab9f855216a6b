import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `preToolUse` hook, the canonical PreToolUse: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "preToolUse",
  canonical: "PreToolUse",
  summary: "Any tool is about to run: allow, deny, ask or rewrite its input.",
  input: cursorInput({ tool_name: z.string(), tool_input: z.unknown(), tool_use_id: z.string().optional() }),
  answer: "toolPermission",
});
