/**
 * Where a JSON text first goes wrong, and why: for the CLI's files and the policy tests' files alike. JSON.parse
 * knows but does not always say: Node 20 gives "at position N" for some errors and only `Unexpected token ']',
 * "[1,]" is not valid JSON` for others. This scanner follows the grammar (RFC 8259) just far enough to find the
 * first offending character; it is run only after JSON.parse has failed, so it never decides whether a text is
 * valid. It keeps its own stack of open brackets instead of recursing, so a file nested a million deep is located,
 * not a stack overflow.
 */
const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

export function locateJsonError(text: string): { offset: number; reason: string } | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason };
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const found = () => (i >= text.length ? "the end of the text" : `${JSON.stringify(text[i])}`);
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail(`unexpected ${found()} (expected ${word})`);
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch < " ") fail("a control character in a string (escape it, e.g. \\n)");
      if (ch === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("\\u must be followed by four hex digits");
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail(`invalid escape \\${text[i] ?? ""}`);
      } else i++;
    }
  };
  const number = () => {
    NUMBER.lastIndex = i; // sticky: matched where it stands, however long, with no copy of the rest of the text
    const m = NUMBER.exec(text);
    if (!m || m[0] === "-") fail(`expected a value, found ${found()}`);
    i += m![0].length;
  };
  /** A property name and its ":", the value left to read. */
  const key = () => {
    ws();
    if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
    string();
    ws();
    if (text[i] !== ":") fail(`expected ":" after the property name, found ${found()}`);
    i++;
  };
  /** The brackets open around `i`, innermost last. */
  const open: ("{" | "[")[] = [];
  try {
    for (;;) {
      // A value: a scalar read whole, or an opening bracket (then its first key or element is the next value).
      ws();
      const ch = text[i];
      let opened = false;
      if (ch === "{" || ch === "[") {
        i++;
        ws();
        if (text[i] === (ch === "{" ? "}" : "]")) i++;
        else {
          open.push(ch);
          if (ch === "{") key();
          opened = true;
        }
      } else if (ch === '"') string();
      else if (ch === "t") literal("true");
      else if (ch === "f") literal("false");
      else if (ch === "n") literal("null");
      else if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) number();
      else if (ch === "'") fail("strings must use double quotes");
      else fail(`expected a value, found ${found()}`);
      if (opened) continue;
      // After a value: close what it ends, until a "," asks for the next one or the text is done.
      for (;;) {
        ws();
        const inner = open[open.length - 1];
        if (inner === undefined) {
          if (i < text.length) fail(`unexpected ${found()} after the JSON value`);
          return undefined;
        }
        const close = inner === "{" ? "}" : "]";
        if (text[i] === close) {
          i++;
          open.pop();
          continue;
        }
        if (text[i] !== ",")
          fail(inner === "{" ? `expected "," or "}" after a property value, found ${found()}` : `expected "," or "]" after an array element, found ${found()}`);
        i++;
        ws();
        if (text[i] === close) fail(`a trailing "," before "${close}" (JSON allows none)`);
        if (inner === "{") key();
        break;
      }
    }
  } catch (e) {
    if (typeof e === "object" && e !== null && "offset" in e) return e as { offset: number; reason: string };
    throw e;
  }
}

/** Line and column (1-based) of a character offset; a tab counts as one column, as editors report it. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}
