/**
 * What a command certainly writes to stdout, when hookgate can work it out without running anything: `echo` and
 * `printf` of known words, `pwd`, `dirname`/`basename`/`realpath` of known paths, and filters over known text
 * (`base64 -d`, `xxd -r -p`, `tr`, `rev`, `head`/`tail`, `cut`, `sed s///`). A substitution whose output is known
 * (`rm -rf $(echo L2hvbWUvYWxleA== | base64 -d)`) and text piped into a shell (`echo cm0gLXJmIC8= | base64 -d | sh`)
 * are then examined as what they really are.
 *
 * Output is a template (template.ts): `mktemp`, `lsblk -p` and the like print something of a known shape. undefined
 * means unknown. Every function here is bounded by the size of its input (capped at MAX_TEXT).
 */
import { HOLE_NOEXT, hasHoles, literal } from "./template";
import type { SimpleCommand } from "../model";
import { commandName, strippedCommand } from "./strip";

const MAX_TEXT = 64 * 1024;

interface StaticContext {
  cwd?: string | undefined;
  home?: string | undefined;
}

/** A command with known words: its (basename) name, its arguments' values, and what its stdin holds, if known. */
export interface StaticCommand {
  name: string;
  args: readonly string[];
  stdin?: string | undefined;
}

const decodeBase64 = (s: string): string | undefined => {
  try {
    const bin = atob(s.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8").decode(bytes);
  } catch {
    return undefined;
  }
};

const decodeHex = (s: string): string | undefined => {
  const h = s.replace(/\s+/g, "");
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(h)) return undefined;
  const bytes = new Uint8Array(h.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder("utf-8").decode(bytes);
};

/** Backslash escapes as `printf` and `echo -e` read them: \n \t \\ \xHH \0NNN \NNN. */
function unescapeShell(s: string): string {
  return s.replace(/\\(x[0-9a-fA-F]{1,2}|0?[0-7]{1,3}|[abefnrtv\\"'])/g, (_, e: string) => {
    if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ a: "\u0007", b: "\b", e: "\u001b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", '"': '"', "'": "'" } as Record<string, string>)[e] ?? e;
  });
}

/** `tr` sets: ranges expanded (`a-z`), escapes read. */
function trSet(s: string): string {
  const t = unescapeShell(s);
  let out = "";
  for (let i = 0; i < t.length; i++) {
    if (t[i + 1] === "-" && i + 2 < t.length) {
      const a = t.charCodeAt(i);
      const b = t.charCodeAt(i + 2);
      for (let c = a; c <= b && out.length < 512; c++) out += String.fromCharCode(c);
      i += 2;
    } else out += t[i];
  }
  return out;
}

function dirname(p: string): string {
  const t = p.replace(/\/+$/, "");
  const i = t.lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : t.slice(0, i);
}

/** The output of one command given its words and stdin, or undefined when it is not known. */
export function staticOutput(c: StaticCommand, ctx: StaticContext): string | undefined {
  const args = c.args;
  const input = c.stdin;
  if (args.some((a) => a.length > MAX_TEXT) || (input?.length ?? 0) > MAX_TEXT) return undefined;
  const flags = args.filter((a) => /^-[A-Za-z]+$/.test(a)).join("");
  const operands = args.filter((a) => !/^-/.test(a) || a === "-");
  switch (c.name) {
    case "echo": {
      let k = 0;
      let escapes = false;
      let newline = true;
      while (k < args.length && /^-[neE]+$/.test(args[k]!)) {
        if (args[k]!.includes("e")) escapes = true;
        if (args[k]!.includes("n")) newline = false;
        k++;
      }
      const text = args.slice(k).join(" ");
      return (escapes ? unescapeShell(text) : text) + (newline ? "\n" : "");
    }
    case "printf": {
      const [format, ...values] = args[0] === "--" ? args.slice(1) : args;
      if (format === undefined) return undefined;
      let k = 0;
      let out = "";
      // The format is reused while values remain, as printf does.
      for (let round = 0; round < 64; round++) {
        out += format.replace(/%(?:%|[-+ #0-9.]*([sdbcqi]))/g, (m, conv?: string) => {
          if (m === "%%") return "%";
          const v = values[k++] ?? "";
          return conv === "b" ? unescapeShell(v) : conv === "c" ? v.slice(0, 1) : v;
        });
        if (k >= values.length) break;
      }
      return unescapeShell(out);
    }
    case "pwd":
      return ctx.cwd !== undefined ? `${literal(ctx.cwd)}\n` : undefined;
    case "whoami":
      return ctx.home !== undefined ? `${ctx.home.slice(ctx.home.lastIndexOf("/") + 1)}\n` : undefined;
    case "dirname":
      return operands.length > 0 ? `${operands.map(dirname).join("\n")}\n` : undefined;
    case "basename": {
      const [p, suffix] = operands;
      if (p === undefined) return undefined;
      let b = p.replace(/\/+$/, "").slice(p.replace(/\/+$/, "").lastIndexOf("/") + 1);
      if (suffix && b.endsWith(suffix) && b !== suffix) b = b.slice(0, -suffix.length);
      return `${b}\n`;
    }
    case "realpath":
    case "readlink": {
      const p = operands[0];
      if (p === undefined) return undefined;
      return `${p.startsWith("/") || p.startsWith("~") || ctx.cwd === undefined ? p : `${ctx.cwd}/${p}`}\n`;
    }
    case "cat":
      return operands.length === 0 || (operands.length === 1 && operands[0] === "-") ? input : undefined;
    case "base64": {
      const decode = /[dD]/.test(flags) || args.includes("--decode");
      if (!decode || operands.length > 0 || input === undefined || hasHoles(input)) return undefined;
      return decodeBase64(input);
    }
    case "xxd":
      return /r/.test(flags) && /p/.test(flags) && input !== undefined && !hasHoles(input) ? decodeHex(input) : undefined;
    case "tr": {
      if (input === undefined) return undefined;
      if (/d/.test(flags) && operands[0] !== undefined) {
        const del = new Set(trSet(operands[0]));
        return [...input].filter((ch) => !del.has(ch)).join("");
      }
      const [a, b] = operands;
      if (a === undefined || b === undefined) return undefined;
      const from = trSet(a);
      const to = trSet(b);
      const map = new Map<string, string>();
      for (let i = 0; i < from.length; i++) map.set(from[i]!, to[Math.min(i, to.length - 1)] ?? "");
      return [...input].map((ch) => map.get(ch) ?? ch).join("");
    }
    case "rev":
      return input?.split("\n").map((l) => [...l].reverse().join("")).join("\n");
    case "head":
    case "tail": {
      if (input === undefined) return undefined;
      const nArg = args.find((a) => /^-[0-9]+$/.test(a))?.slice(1) ?? args[args.indexOf("-n") + 1] ?? "10";
      const n = Number(nArg);
      const lines = input.replace(/\n$/, "").split("\n");
      return `${(c.name === "head" ? lines.slice(0, n) : lines.slice(-n)).join("\n")}\n`;
    }
    case "sed": {
      const script = operands[0];
      const m = script ? /^s(.)(.*?)\1(.*?)\1(g?)$/.exec(script) : null;
      if (!m || input === undefined || /[\\^$.*[\]]/.test(m[2]!)) return undefined;
      return m[4] ? input.split(m[2]!).join(m[3]!) : input.replace(m[2]!, m[3]!);
    }
    case "mktemp":
      // A fresh name under the temporary directory: one representative is as good as any for what policies ask.
      return `${operands.find((o) => o.includes("X"))?.replace(/X+$/, "0000000000") ?? "/tmp/tmp.0000000000"}\n`;
    case "lsblk":
      return `${args.some((a) => /^-[A-Za-z]*p/.test(a)) ? "/dev/" : ""}${HOLE_NOEXT}\n`;
    case "which":
      return operands[0] !== undefined ? `/usr/bin/${operands[0]}\n` : undefined;
    default:
      return undefined;
  }
}

/** The output of a pipeline of commands with known words (`echo … | base64 -d | tr a b`). */
export function pipelineOutput(commands: readonly StaticCommand[], ctx: StaticContext): string | undefined {
  let text: string | undefined;
  for (let k = 0; k < commands.length; k++) {
    const c = commands[k]!;
    const out = staticOutput({ ...c, stdin: k === 0 ? c.stdin : (text ?? undefined) }, ctx);
    if (out === undefined) return undefined;
    text = out;
  }
  return text;
}

/** What command substitution makes of an output: trailing newlines removed. */
export const substituted = (output: string): string => output.replace(/\n+$/, "");

/** A recorded command as the static evaluator sees it (staticText.ts): its final name, argument values, stdin. */
export function staticCommandOf(c: SimpleCommand): StaticCommand | undefined {
  const s = strippedCommand(c);
  const rest = c.words.slice(s.start, s.end);
  if (rest.length === 0) return undefined;
  return { name: commandName(rest[0]!.value), args: rest.slice(1).map((w) => w.value), stdin: c.stdin.length > 0 ? c.stdin.join("\n") : undefined };
}

/** The text a recorded command writes to stdout when it is known (echo, printf, `cat <<EOF`, …). */
export function pipedText(c: SimpleCommand, ctx: StaticContext = {}): string | undefined {
  const sc = staticCommandOf(c);
  return sc ? staticOutput(sc, ctx) : undefined;
}

