import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `beforeShellExecution` hook, the canonical PreToolUse: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "beforeShellExecution",
  canonical: "PreToolUse",
  summary: "A shell command is about to run (the canonical Bash): allow, deny or ask.",
  input: cursorInput({ command: z.string(), cwd: z.string().optional() }),
  answer: "permission",
});
