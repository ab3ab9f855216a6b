import { z } from "zod";
import { cursorEvent, cursorInput } from "../../src/clients/cursor/native";

/** Cursor's `beforeSubmitPrompt` hook, the canonical UserPromptSubmit: its input as Cursor documents it, its answer kind. */
export default cursorEvent({
  native: "beforeSubmitPrompt",
  canonical: "UserPromptSubmit",
  summary: "The user is about to send a prompt: stop it before it is sent.",
  input: cursorInput({ prompt: z.string(), attachments: z.array(z.unknown()).optional() }),
  answer: "prompt",
});
