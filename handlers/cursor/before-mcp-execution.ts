import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `beforeMCPExecution` hook, the canonical PreToolUse: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "beforeMCPExecution",
  canonical: "PreToolUse",
  summary: "An MCP tool is about to run (mcp__cursor__<tool>): allow, deny or ask.",
  input: cursorInput({ tool_name: z.string(), tool_input: z.unknown(), url: z.string().optional(), command: z.string().optional() }),
  answer: "permission",
});
