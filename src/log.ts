import { maskText } from "./engine/secrets/maskCut";


/**
 * The Worker's only way to write a log line: one JSON object, every string passed through the secret masker,
 * so a token, key or password that ends up in an error message never reaches the log.
 */
export function log(level: "warn" | "error", fields: Record<string, unknown>): void {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) safe[key] = typeof value === "string" ? maskText(value) : value;
  (level === "warn" ? console.warn : console.error)(JSON.stringify(safe));
}

/** An error as a loggable string: its message only (stacks can hold request data in frames' arguments). */
export const errorText = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));
