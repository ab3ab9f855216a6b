import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `stop` hook, the canonical Stop: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "stop",
  canonical: "Stop",
  summary: "The agent loop ended: send a follow-up to keep it working.",
  input: cursorInput({ status: z.string(), loop_count: z.number().optional() }),
  answer: "stop",
});
