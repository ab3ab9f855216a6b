import { z } from "zod";

/*
 * Client-neutral building blocks of answer schemas: the text cap, truncation, absolute paths. Each client's answer
 * layout (src/clients/<client>/answerSchema.ts) builds its exact, strict schemas from them; answers are checked
 * against those before they leave. Structured payloads that replace client data wholesale (updatedInput,
 * updatedToolOutput, content) are passed through uncut: truncating a file's content would corrupt the tool call.
 */

export const MAX_TEXT_CHARS = 10_000;
/** PostToolUse classifierContext: at most 2,000 characters per call (contract §1.4 #9). */
export const MAX_CLASSIFIER_CONTEXT_CHARS = 2_000;

/** A string the client takes inline. */
export const text = z.string().max(MAX_TEXT_CHARS);

export const TRUNCATION_MARKER = "\n…[truncated by hookgate]";

/** Cut `s` to at most `max` UTF-16 units, ending with a marker; never splits a surrogate pair. */
export function truncate(s: string, max: number = MAX_TEXT_CHARS): string {
  if (s.length <= max) return s;
  const marker = max > TRUNCATION_MARKER.length * 4 ? TRUNCATION_MARKER : "";
  let cut = max - marker.length;
  const last = s.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return s.slice(0, cut) + marker;
}

/** Any value but `undefined` (updatedToolOutput: the tool's own output shape). */
export const present = z.unknown().refine((v) => v !== undefined, "must be set");

const isAbsolute = (p: string) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");
/** An absolute client path (POSIX, `C:\…` or UNC). */
const absolutePath = text.min(1).refine(isAbsolute, "must be an absolute path");
/** SessionStart/CwdChanged/FileChanged `watchPaths`: absolute paths; `[]` clears the list. */
export const watchPaths = z.array(absolutePath);
