/**
 * Policy regular expressions are written in JavaScript's dialect — the client evaluates matchers with
 * `new RegExp(matcher)` — and hookgate runs them on RE2 (linear time). The two dialects agree on most syntax but
 * not all, and a construct that means one thing to the client and another to hookgate would decide differently
 * without a word. This module reads a JavaScript pattern (no flags) and either translates it into RE2 syntax with
 * the JavaScript meaning, or refuses it with a message naming the construct and the portable spelling.
 *
 * Translated (same meaning in both): `.` (JavaScript excludes \n, \r, U+2028 and U+2029), `\s`/`\S` (JavaScript's
 * Unicode set), `\uHHHH`, `\cX`, `[^]` (any character), `[]` (nothing), `(?<name>…)`, `\b` inside a class
 * (backspace), letters escaped without meaning (`\e` is `e` in JavaScript).
 * Refused: RE2-only syntax that JavaScript reads differently or rejects — flag groups `(?i)`, `\A`, `\z`, `\Z`,
 * `\Q…\E`, `\C`, `\pN`/`\p{…}`, `[[:alpha:]]`, `(?P<…>)`, `\u{…}` without the u flag — and backreferences (RE2 has
 * none). Lookaround is refused by RE2 itself.
 */
import { err, ok, type Result } from "../result";

const JS_SPACE = "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const JS_DOT = "[^\\n\\r\\x{2028}\\x{2029}]";

/** Escapes RE2 gives a meaning of its own to; in JavaScript (no u flag) `\a` is just `a`. */
const RE2_ONLY_LETTER: Record<string, string> = {
  A: "\\A is a start-of-text anchor in RE2 but the letter A in JavaScript; write ^",
  z: "\\z is an end-of-text anchor in RE2 but the letter z in JavaScript; write $",
  Z: "\\Z is an end-of-text anchor in RE2 but the letter Z in JavaScript; write $",
  Q: "\\Q…\\E quotes text in RE2 but means the letters Q and E in JavaScript; escape each special character with a backslash instead",
  E: "\\Q…\\E quotes text in RE2 but means the letters Q and E in JavaScript; escape each special character with a backslash instead",
  C: "\\C matches any byte in RE2 but the letter C in JavaScript; write . (or [\\s\\S])",
  p: "\\p{…} is a Unicode class in RE2 but the letter p in JavaScript; list the characters, e.g. [A-Z] for \\p{Lu}",
  P: "\\P{…} is a negated Unicode class in RE2 but the letter P in JavaScript; list the characters, e.g. [^A-Z]",
  k: "\\k<name> is a backreference; RE2 has no backreferences",
};
/** Letter escapes both read the same way. */
const SHARED_LETTER = new Set(["d", "D", "w", "W", "b", "B", "t", "n", "r", "f", "v"]);

const hex = (n: number) => `\\x{${n.toString(16).toUpperCase()}}`;

export function translateJsRegex(src: string): Result<string, string> {
  let out = "";
  let i = 0;
  const n = src.length;
  let inClass = false;
  /** For each open group, whether a dot in it matches every character (`(?s:…)`). */
  const dotAll: boolean[] = [];
  const refuse = (m: string) => err(m);
  while (i < n) {
    const c = src[i]!;
    if (c === "\\") {
      const d = src[i + 1];
      if (d === undefined) return refuse("the pattern ends with a lone backslash");
      if (d === "s" || d === "S") {
        if (inClass && d === "S") return refuse("\\S inside a character class means a different set in RE2 and JavaScript; write the characters you mean");
        out += inClass ? JS_SPACE : d === "s" ? `[${JS_SPACE}]` : `[^${JS_SPACE}]`;
        i += 2;
        continue;
      }
      if (d === "u") {
        const four = /^[0-9A-Fa-f]{4}/.exec(src.slice(i + 2));
        if (four) {
          out += hex(parseInt(four[0], 16));
          i += 6;
          continue;
        }
        if (src[i + 2] === "{") return refuse("\\u{…} needs JavaScript's u flag, which matchers do not have (without it \\u{42} means u repeated 42 times); write \\uHHHH with four hex digits");
        out += "u";
        i += 2;
        continue;
      }
      if (d === "x") {
        const two = /^[0-9A-Fa-f]{2}/.exec(src.slice(i + 2));
        if (two) {
          out += hex(parseInt(two[0], 16));
          i += 4;
          continue;
        }
        if (src[i + 2] === "{") return refuse("\\x{…} is RE2 syntax; JavaScript reads it as the letter x and a quantifier. Write \\xHH or \\uHHHH");
        out += "x";
        i += 2;
        continue;
      }
      if (d === "c") {
        const l = src[i + 2];
        if (l && /[A-Za-z]/.test(l)) {
          out += hex(l.toUpperCase().charCodeAt(0) % 32);
          i += 3;
          continue;
        }
        out += "\\\\c";
        i += 2;
        continue;
      }
      if (/[0-9]/.test(d)) {
        if (d === "0" && !/[0-9]/.test(src[i + 2] ?? "")) {
          out += "\\x{0}";
          i += 2;
          continue;
        }
        return refuse(`\\${d} is a backreference (or an octal escape) in JavaScript; RE2 has no backreferences. Write the text again, or \\xHH for a character code`);
      }
      if (d === "b" && inClass) {
        out += "\\x{8}";
        i += 2;
        continue;
      }
      if (/[A-Za-z]/.test(d)) {
        const why = RE2_ONLY_LETTER[d];
        if (why) return refuse(why);
        out += SHARED_LETTER.has(d) ? `\\${d}` : d;
        i += 2;
        continue;
      }
      // Punctuation: an escaped character is itself in both.
      out += `\\${d}`;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === "[" && src[i + 1] === ":") return refuse("[[:alpha:]]-style POSIX classes exist in RE2 only; JavaScript reads [:alpha:] as those characters. Write [A-Za-z] (or the class you mean)");
      if (c === "]") {
        inClass = false;
        out += "]";
        i++;
        continue;
      }
      out += c === "[" ? "\\[" : c;
      i++;
      continue;
    }
    if (c === "[") {
      if (src.startsWith("[^]", i)) {
        out += "[\\x{0}-\\x{10FFFF}]";
        i += 3;
        continue;
      }
      if (src.startsWith("[]", i)) {
        out += "[^\\x{0}-\\x{10FFFF}]";
        i += 2;
        continue;
      }
      inClass = true;
      out += "[";
      i++;
      if (src[i] === "^") {
        out += "^";
        i++;
      }
      continue;
    }
    if (c === ".") {
      // Under (?s:…) a dot is any character in both; elsewhere JavaScript's dot leaves out four line terminators.
      out += dotAll.includes(true) ? "(?s:.)" : JS_DOT;
      i++;
      continue;
    }
    if (c === "(") dotAll.push(dotAll[dotAll.length - 1] ?? false);
    if (c === ")") dotAll.pop();
    if (c === "(" && src[i + 1] === "?") {
      const rest = src.slice(i + 2);
      if (rest.startsWith(":") || rest.startsWith("=") || rest.startsWith("!") || rest.startsWith("<=") || rest.startsWith("<!")) {
        out += "(?";
        i += 2;
        continue;
      }
      const named = /^<([A-Za-z_$][\w$]*)>/.exec(rest);
      if (named) {
        out += "(?:";
        i += 2 + named[0].length;
        continue;
      }
      if (rest.startsWith("P<") || rest.startsWith("P=") || rest.startsWith("P>"))
        return refuse("(?P<name>…) is RE2's named group and invalid JavaScript (the client would match nothing); write (?<name>…) or (?:…)");
      const flags = /^([a-zA-Z]*)(?:-([a-zA-Z]*))?(:|\))/.exec(rest);
      if (flags && flags[3] === ")")
        return refuse(`(?${flags[1]}${flags[2] ? `-${flags[2]}` : ""}) sets flags for the rest of the pattern in RE2 but is invalid JavaScript (the client would match nothing); for case-insensitive matching write both cases, e.g. [Bb]ash, or (?i:…) around the part`);
      if (flags && flags[3] === ":") {
        if (!/^[ims]*$/.test(flags[1]!) || !/^[ims]*$/.test(flags[2] ?? ""))
          return refuse(`(?${flags[1]}…:…) uses a flag JavaScript does not have; only i, m and s modify a group in both`);
        out += `(?${flags[1]}${flags[2] ? `-${flags[2]}` : ""}:`;
        dotAll[dotAll.length - 1] = flags[1]!.includes("s") || (dotAll[dotAll.length - 2] === true && !(flags[2] ?? "").includes("s"));
        i += 2 + flags[0].length;
        continue;
      }
      // (?#…), (?>…) and the like: left to RE2, which refuses them.
    }
    out += c;
    i++;
  }
  if (inClass) return refuse("an unclosed character class [");
  return ok(out);
}
