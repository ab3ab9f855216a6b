import { err, ok, type Result } from "../engine/result";

export interface JsonSyntaxError {
  /** 1-based, as an editor counts them. */
  line: number;
  column: number;
  message: string;
}

/**
 * JSON.parse, with the place of a syntax error as line and column, which a person can jump to. V8's messages name
 * an offset only sometimes (Node 20: "at position N" for some errors, none for an unexpected token), so the offset
 * is found by scanning the text once more, by the grammar, when JSON.parse has refused it.
 */
export function parseJson(text: string): Result<unknown, JsonSyntaxError> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    const found = firstError(text);
    const offset = found?.offset ?? text.length;
    const before = text.slice(0, offset).split("\n");
    const message = found?.message ?? (e instanceof Error ? e.message : String(e));
    return err({ line: before.length, column: before[before.length - 1]!.length + 1, message });
  }
}

/** Where JSON text first breaks the grammar (RFC 8259), and how; undefined if it does not. */
function firstError(text: string): { offset: number; message: string } | undefined {
  let i = 0;
  const fail = (message: string): never => {
    throw { offset: i, message };
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const found = () => (i >= text.length ? "the end of the text" : `${JSON.stringify(text[i])}`);
  const expect = (c: string, what: string) => {
    if (text[i] !== c) fail(`expected ${what}, found ${found()}`);
    i++;
  };
  const string = () => {
    expect('"', "a string");
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail("a control character inside a string (write it as \\n, \\t, …)");
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("\\u must be followed by four hex digits");
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail(`unknown escape \\${text[i] ?? ""}`);
      }
      i++;
    }
    if (i >= text.length) fail("a string that never ends");
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] === "}") fail("a comma before } (JSON allows no trailing comma)");
        string();
        ws();
        expect(":", '":"');
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        expect("}", '"," or "}"');
        return;
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] === "]") fail("a comma before ] (JSON allows no trailing comma)");
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        expect("]", '"," or "]"');
        return;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) fail(`expected a value, found ${found()}`);
    i += literal![0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${found()} after the value`);
    return undefined;
  } catch (e) {
    if (typeof e === "object" && e !== null && "offset" in e) return e as { offset: number; message: string };
    throw e;
  }
}
