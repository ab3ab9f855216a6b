import { err, ok, type Result } from "../engine/result";
import { lineColumn, locateJsonError } from "../jsonLocate";

interface JsonSyntaxError {
  /** 1-based, as an editor counts them. */
  line: number;
  column: number;
  message: string;
}

/**
 * JSON.parse, with the place of a syntax error as line and column, which a person can jump to. V8's messages name
 * an offset only sometimes (Node 20: "at position N" for some errors, none for an unexpected token), so the offset
 * is found by scanning the text once more, by the grammar (locateJsonError, as the CLI does), when JSON.parse has
 * refused it.
 */
export function parseJson(text: string): Result<unknown, JsonSyntaxError> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    const found = locateJsonError(text);
    const message = found?.reason ?? (e instanceof Error ? e.message : String(e));
    return err({ ...lineColumn(text, found?.offset ?? text.length), message });
  }
}
