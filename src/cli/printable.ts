/**
 * Text from elsewhere (a hook input's tool name, a token's name, a server's message) made safe for a terminal:
 * control characters, including ESC, would let whoever wrote that text move the cursor, rewrite earlier lines or
 * retitle the window of the policy owner reading it. They are shown escaped (`\x1b`), visibly and losslessly
 * enough to tell what was there. JSON output needs none of this: JSON.stringify escapes them already.
 */
export function printable(text: string, keepNewlines = false): string {
  const controls = keepNewlines ? /[\x00-\x09\x0b-\x1f\x7f-\x9f]/g : /[\x00-\x1f\x7f-\x9f]/g;
  return text.replace(controls, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}
