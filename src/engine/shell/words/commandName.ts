/**
 * The command name a word calls: its basename, without a leading backslash (`\rm`, `/usr/bin/rm` → `rm`). Its own
 * module so that the command tables can name programs without importing the wrapper stripper (strip.ts), which asks
 * those tables whether a program is known.
 */
export function commandName(text: string): string {
  let t = text;
  if (t.startsWith("\\")) t = t.slice(1);
  const slash = t.lastIndexOf("/");
  if (slash >= 0 && slash < t.length - 1) t = t.slice(slash + 1);
  return t;
}
