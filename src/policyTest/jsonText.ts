import { err, ok, type Result } from "../engine/result";

/**
 * JSON.parse, with the place of a syntax error as line and column (1-based), which a person can jump to.
 * V8 names the offset as "at position N" in most messages (Node 20), some newer ones add "(line L column C)"; an
 * unexpected end has neither and is placed at the end of the text.
 */
export function parseJson(text: string): Result<unknown, { line: number; column: number; message: string }> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    const lc = /\(line (\d+) column (\d+)\)/.exec(raw);
    const at = /at position (\d+)/.exec(raw);
    let line: number;
    let column: number;
    if (lc) [line, column] = [Number(lc[1]), Number(lc[2])];
    else {
      const offset = at ? Number(at[1]) : text.length;
      const before = text.slice(0, offset).split("\n");
      line = before.length;
      column = before[before.length - 1]!.length + 1;
    }
    const message = raw.replace(/\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+/, "").replace(/^Unexpected end of JSON input$/, "unexpected end of the text");
    return err({ line, column, message });
  }
}
