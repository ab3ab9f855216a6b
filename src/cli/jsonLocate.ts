/**
 * Where a JSON text first goes wrong, and why. JSON.parse knows but does not always say: Node 20 gives
 * "at position N" for some errors and only `Unexpected token ']', "[1,]" is not valid JSON` for others. This scanner
 * follows the grammar (RFC 8259) just far enough to find the first offending character; it is run only after
 * JSON.parse has failed, so it never decides whether a file is valid.
 */
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
      if (ch < " ") fail(`a control character in a string (escape it, e.g. \\n)`);
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
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "-") fail(`unexpected ${found()}`);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
        string();
        ws();
        if (text[i] !== ":") fail(`expected ":" after the property name, found ${found()}`);
        i++;
        value();
        ws();
        if (text[i] === "}") return void i++;
        if (text[i] !== ",") fail(`expected "," or "}" after a property value, found ${found()}`);
        i++;
        ws();
        if (text[i] === "}") fail('a trailing "," before "}" (JSON allows none)');
      }
    }
    if (ch === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === "]") return void i++;
        if (text[i] !== ",") fail(`expected "," or "]" after an array element, found ${found()}`);
        i++;
        ws();
        if (text[i] === "]") fail('a trailing "," before "]" (JSON allows none)');
      }
    }
    if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) number();
    else if (ch === "'") fail("strings must use double quotes");
    else fail(ch === undefined ? "unexpected end of the text (a value is missing)" : `unexpected ${found()}`);
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${found()} after the JSON value`);
    return undefined;
  } catch (e) {
    if (typeof e === "object" && e !== null && "offset" in e) return e as { offset: number; reason: string };
    throw e;
  }
}
