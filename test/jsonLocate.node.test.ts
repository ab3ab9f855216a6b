// locateJsonError: where a JSON text first goes wrong, for the CLI's files and the policy tests' files alike. It must
// never call a valid text invalid nor an invalid one valid (it runs only after JSON.parse refused, but its answer is
// what the user is shown), must point at the first offending character, and must not recurse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineColumn, locateJsonError } from "../src/jsonLocate";

describe("locateJsonError", () => {
  it("agrees with JSON.parse on every text: undefined exactly when the text parses (valid JSON and its mutations)", () => {
    const mutated = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom(",", "]", "}", "[", "{", '"', "'", ":", "\\", "\n", "x", "-", "0", "\u0001", ""), fc.boolean())
      .map(([text, at, ch, replace]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + ch + text.slice(replace ? i + 1 : i);
      });
    fc.assert(
      fc.property(fc.oneof(fc.json(), mutated), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const located = locateJsonError(text);
        expect(located === undefined).toBe(parses);
        if (located) expect(located.offset).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it("points at the first offending character, with why", () => {
    const at = (text: string) => {
      const l = locateJsonError(text);
      return l && { ...lineColumn(text, l.offset), reason: l.reason };
    };
    expect(at('{\n  "a": [1, 2,\n  ]\n}')).toEqual({ line: 3, column: 3, reason: 'a trailing "," before "]" (JSON allows none)' });
    expect(at('{"a": 1,}')).toEqual({ line: 1, column: 9, reason: 'a trailing "," before "}" (JSON allows none)' });
    expect(at('{"a" 1}')).toEqual({ line: 1, column: 6, reason: 'expected ":" after the property name, found "1"' });
    expect(at('{"a": 1 "b": 2}')).toEqual({ line: 1, column: 9, reason: 'expected "," or "}" after a property value, found "\\""' });
    expect(at("[1 2]")).toEqual({ line: 1, column: 4, reason: 'expected "," or "]" after an array element, found "2"' });
    expect(at("{'a': 1}")).toEqual({ line: 1, column: 2, reason: "expected a property name in double quotes, found \"'\"" });
    expect(at("['a']")).toEqual({ line: 1, column: 2, reason: "strings must use double quotes" });
    expect(at('{"a": [')).toEqual({ line: 1, column: 8, reason: "expected a value, found the end of the text" });
    expect(at('"abc')).toEqual({ line: 1, column: 5, reason: "unterminated string" });
    expect(at('"a\\x"')).toMatchObject({ column: 4, reason: "invalid escape \\x" });
    expect(at('"\\u12g4"')).toMatchObject({ reason: "\\u must be followed by four hex digits" });
    expect(at('"a\tb"')).toMatchObject({ column: 3, reason: "a control character in a string (escape it, e.g. \\n)" });
    expect(at("tru")).toMatchObject({ reason: "unexpected the end of the text (expected true)" });
    expect(at("-")).toMatchObject({ reason: 'expected a value, found "-"' });
    expect(at("{} {}")).toEqual({ line: 1, column: 4, reason: 'unexpected "{" after the JSON value' });
    expect(at("")).toMatchObject({ reason: "expected a value, found the end of the text" });
    expect(at('{"a": [1, {"b": null}], "c": "\\u00e9"}')).toBeUndefined();
    // A number of any length is read whole: the error after it is placed after it.
    expect(at(`[${"1".repeat(500)}, x]`)).toMatchObject({ column: 504, reason: 'expected a value, found "x"' });
  });

  it("a text nested a million deep is located, not a stack overflow", () => {
    const deep = "[".repeat(1_000_000);
    expect(locateJsonError(deep)).toEqual({ offset: 1_000_000, reason: "expected a value, found the end of the text" });
    const closed = `${'{"a":'.repeat(200_000)}1${"}".repeat(199_999)}]`;
    expect(locateJsonError(closed)).toMatchObject({ offset: closed.length - 1, reason: 'expected "," or "}" after a property value, found "]"' });
  });
});
