import { FileError } from "./errors";
import type { Io } from "./io";
import { lineColumn, locateJsonError } from "../jsonLocate";

/**
 * Why a JSON text is invalid, where: the line and column, the offending line, and a caret under the column. The
 * position comes from locateJsonError (Node 20's JSON.parse does not always give one).
 */
function describeJsonError(text: string, error: Error): string {
  const located = locateJsonError(text);
  if (!located) return error.message;
  const { line, column } = lineColumn(text, located.offset);
  const source = (text.split("\n")[line - 1] ?? "").replace(/\r$/, "");
  // Long lines (minified JSON) are cut around the caret so the excerpt stays readable.
  const start = Math.max(0, column - 60);
  // Control characters (a terminal escape in the file) are shown as "·", never sent to the terminal.
  const excerpt = source.slice(start, start + 120).replace(/\t/g, " ").replace(/[\x00-\x1f\x7f]/g, "·");
  const gutter = `${line} | `;
  return `line ${line}, column ${column}: ${located.reason}\n  ${gutter}${excerpt}\n  ${" ".repeat(gutter.length + column - 1 - start)}^`;
}

/** A JSON file's value; unreadable or invalid JSON is a FileError naming the file (and the line and column). */
export function readJsonFile(io: Io, path: string, what: string): unknown {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new FileError(`cannot read ${what} ${path}: ${(e as Error).message}`);
  }
  return parseJsonText(text, `${what} ${path}`);
}

function parseJsonText(text: string, label: string): unknown {
  try {
    // A byte-order mark is not JSON but editors write one; it is not worth refusing a file over.
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new FileError(`${label} is not valid JSON: ${describeJsonError(text.replace(/^\uFEFF/, ""), e as Error)}`, true);
  }
}
