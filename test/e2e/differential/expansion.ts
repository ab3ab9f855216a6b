// The suite's own, independent answer to "could some expansion of this command make this Bash rule match?", used
// only to decide whether a LAX pair may be excused. It is written to over-approximate (when unsure, "it could"):
// a wrong "could" only refuses an excuse, a wrong "could not" would hide a real gap.
//
// Model: a command is split into simple commands (compound operators, subshells, groups, `$(…)`, backticks and
// `<(…)` bodies, `bash -c '…'` / `eval` strings); every `$VAR`, `${…}`, `$(…)`, `$((…))` and backtick part of a
// word is "any text" (a STAR). Each simple command yields several forms (raw, quotes removed, whitespace collapsed,
// leading assignments stripped, each wrapper prefix stripped, unquoted dynamic words dropped); a dynamic command
// word may be any command at all. A rule is a pattern (literal characters and STARs, per the client's wildcard,
// exact and legacy `:*` forms, whitespace collapsed). "Could match" = some rule pattern and some command form
// accept a common string (a product-automaton search, so STARs on both sides are handled exactly). The scanner that
// finds the simple commands and writes their words as patterns is commandScan.ts.
import { parse } from "unbash";
import { ASSIGN, type Elem, lit, type Pat, scan, type ScanState, SHELLS, STAR, type Wild, type Word, WRAPPERS } from "./commandScan";

/** Whether some string is accepted by both patterns. */
export function intersects(a: Pat, b: Pat): boolean {
  const seen = new Set<number>();
  const stack: [number, number][] = [[0, 0]];
  const w = b.length + 1;
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const key = i * w + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const x = i < a.length ? a[i] : undefined;
    const y = j < b.length ? b[j] : undefined;
    // A wildcard may match nothing more.
    if (typeof x === "object") stack.push([i + 1, j]);
    if (typeof y === "object") stack.push([i, j + 1]);
    if (x === undefined || y === undefined) continue;
    if (typeof x === "string" && typeof y === "string") {
      if (x === y) stack.push([i + 1, j + 1]);
    } else if (typeof y === "string") {
      if ((x as Wild).accepts(y)) stack.push([i, j + 1]); // x's wildcard eats y's character
    } else if (typeof x === "string") {
      if (y.accepts(x)) stack.push([i + 1, j]);
    }
    // Two wildcards: either may end first (the moves above); running on together gains nothing.
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules

export type BashRuleShape =
  | { kind: "any" }
  /** A rule on another parameter (`run_in_background:true`): not about the command text. */
  | { kind: "param"; name: string; value: Pat }
  | { kind: "patterns"; patterns: Pat[]; namesMore: boolean; collapsed: string };

function splitRule(rule: string): { tool: string; content: string | undefined } {
  const r = rule.trim();
  let open = -1;
  for (let i = 0; i < r.length; i++)
    if (r[i] === "(" && r[i - 1] !== "\\") {
      open = i;
      break;
    }
  if (open === -1 || !r.endsWith(")")) return { tool: r, content: undefined };
  return { tool: r.slice(0, open), content: r.slice(open + 1, -1) };
}

/** The shape of a Bash rule, or undefined for a rule on another tool. */
export function bashRuleShape(rule: string): BashRuleShape | undefined {
  const { tool, content } = splitRule(rule);
  if (tool !== "Bash") return undefined;
  if (content === undefined || content.trim() === "" || content.trim() === "*") return { kind: "any" };
  const unescaped = content.replace(/\\\(/g, "(").replace(/\\\)/g, ")");
  const collapsed = unescaped.replace(/\s+/g, " ").trim();
  if (collapsed.endsWith(":*")) {
    const prefix = collapsed.slice(0, -2).trim();
    return { kind: "patterns", patterns: [lit(prefix), [...lit(`${prefix} `), STAR]], namesMore: /\s/.test(prefix), collapsed };
  }
  const param = /^([A-Za-z_][A-Za-z0-9_]*):(.*)$/.exec(collapsed);
  if (param) return { kind: "param", name: param[1]!, value: [...param[2]!].map((c) => (c === "*" ? STAR : c)) };
  const pat: Elem[] = [];
  let stars = 0;
  for (let i = 0; i < collapsed.length; i++) {
    const c = collapsed[i]!;
    if (c === "\\" && (collapsed[i + 1] === "*" || collapsed[i + 1] === "\\")) {
      pat.push(collapsed[++i]!);
    } else if (c === "*") {
      pat.push(STAR);
      stars++;
    } else pat.push(c);
  }
  const patterns: Pat[] = [pat];
  // `git *` also matches bare `git` when that trailing ` *` is the only wildcard.
  if (stars === 1 && pat.at(-1) === STAR && pat.at(-2) === " ") patterns.push(pat.slice(0, -2));
  // "Names more than the command": anything but `cmd *`, `cmd:*` and `cmd*` with one command word.
  const namesMore = !/^[^\s*]+( \*|\*)$/.test(collapsed);
  return { kind: "patterns", patterns, namesMore, collapsed };
}

// ---------------------------------------------------------------------------------------------------------------
// Commands: each simple command the scanner (commandScan.ts) finds, read in every form

const text = (w: Word) => (w.hasStar ? undefined : w.pat.join(""));

/** Every way of reading one simple command that the client or an expansion could produce. */
function commandForms(words: Word[], out: Pat[], st: { anyCommand: boolean }, depth: number): void {
  let ws = words;
  const stages: Word[][] = [ws];
  for (let guard = 0; guard < 16 && ws.length > 0; guard++) {
    const first = text(ws[0]!);
    if (ASSIGN.test(ws[0]!.raw)) {
      ws = ws.slice(1);
      stages.push(ws);
      continue;
    }
    const wrap = first !== undefined ? WRAPPERS[first.replace(/^.*\//, "")] : undefined;
    if (!wrap) break;
    let k = 1;
    let positional = wrap.positional ?? 0;
    while (k < ws.length) {
      const t = text(ws[k]!) ?? "";
      if (t === "--") {
        k++;
        break;
      }
      if (t.startsWith("-") && t.length > 1) {
        const flag = t.startsWith("--") ? "" : t.slice(1);
        if (!t.includes("=") && flag.length === 1 && wrap.argFlags.includes(flag)) k++;
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      if (first === "env" && ASSIGN.test(ws[k]!.raw)) {
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      if (positional > 0) {
        positional--;
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      break;
    }
    ws = ws.slice(k);
    stages.push(ws);
  }
  for (const stage of stages) {
    if (stage.length === 0) continue;
    const head = stage[0]!;
    if (head.pat[0] === STAR) st.anyCommand = true; // a dynamic command word may be any command
    const name = text(head)?.replace(/^.*\//, "");
    // `eval …`, `bash -c '…'`, `su -c '…'`: the string is a command too.
    let script: Word[] = [];
    if (name === "eval") script = stage.slice(1);
    else if (name !== undefined && (SHELLS.has(name) || name === "su")) {
      const c = stage.findIndex((x, idx) => idx > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(text(x) ?? ""));
      if (c !== -1) script = stage.slice(c + 1, c + 2);
    }
    if (script.some((x) => x.hasStar)) st.anyCommand = true;
    else if (script.length > 0) {
      const inner = analyse(script.map((x) => x.pat.join("")).join(" "), depth + 1);
      out.push(...inner.subjects);
      if (inner.anyCommand) st.anyCommand = true;
    }
    // Unquoted expansions may vanish: the form without them as well (up to 4 of them).
    const splittable = stage.map((x, idx) => (x.splittable ? idx : -1)).filter((x) => x >= 0).slice(0, 4);
    for (let mask = 0; mask < 1 << splittable.length; mask++) {
      const drop = new Set(splittable.filter((_, b) => mask & (1 << b)));
      const kept = stage.filter((_, idx) => !drop.has(idx));
      if (kept.length === 0) continue;
      for (const key of ["pat", "rawPat"] as const) {
        const p: Elem[] = [];
        kept.forEach((x, idx) => {
          if (idx > 0) p.push(" ");
          p.push(...x[key]);
        });
        out.push(p, collapse(p));
      }
    }
  }
}

/** Runs of blanks to one space, trimmed. */
function collapse(p: Pat): Elem[] {
  const out: Elem[] = [];
  for (const e of p) {
    const blank = e === " " || e === "\t" || e === "\n";
    if (blank) {
      if (out.length > 0 && out.at(-1) !== " ") out.push(" ");
    } else out.push(e);
  }
  while (out.at(-1) === " ") out.pop();
  return out;
}

export interface CommandAnalysis {
  /** The command holds `$` or a backtick. */
  dynamic: boolean;
  /** Our scanner or unbash found a syntax error. */
  parseError: boolean;
  /** Some command word is dynamic (or a shell/eval runs dynamic text): it may be any command. */
  anyCommand: boolean;
  /** Every form of every part. */
  subjects: Pat[];
}

export function analyse(command: string, depth = 0): CommandAnalysis {
  const st: ScanState = { commands: [], parseError: false, dynamic: false };
  scan(command, st, depth);
  let unbashError = false;
  try {
    unbashError = (parse(command).errors?.length ?? 0) > 0;
  } catch {
    unbashError = true;
  }
  const flags = { anyCommand: false };
  const subjects: Pat[] = [];
  if (depth < 4) for (const c of st.commands) commandForms(c, subjects, flags, depth);
  // The whole text as written too (blanks collapsed), in case a rule is matched against the full command.
  subjects.push(lit(command.replace(/\s+/g, " ").trim()));
  const parseError = st.parseError || unbashError;
  if (parseError) {
    // A command that doesn't parse: a naive split as well, quotes kept and removed.
    for (const part of command.split(/&&|\|\||[;|&\n(){}]/)) {
      const p = part.replace(/\s+/g, " ").trim();
      if (p === "") continue;
      subjects.push(lit(p), lit(p.replace(/["']/g, "")));
      if (/[$`]/.test(p)) flags.anyCommand ||= /^\S*[$`]/.test(p);
    }
  }
  return { dynamic: /[$`]/.test(command), parseError, anyCommand: flags.anyCommand, subjects };
}

/**
 * Whether some expansion of the command's dynamic words could make the rule match some part of it (`input`: the
 * call's other parameters, for parameter rules, which no expansion changes).
 */
export function couldMatch(rule: string, command: string, input: Record<string, unknown> = {}): boolean {
  const shape = bashRuleShape(rule);
  if (shape === undefined) return false;
  if (shape.kind === "any") return true;
  if (shape.kind === "param") {
    const v = input[shape.name];
    const text = typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
    // An absent parameter matches only a bare `*` (if that); no expansion of the command sets it.
    return text === undefined ? shape.value.every((e) => e === STAR) : intersects(shape.value, lit(text));
  }
  const a = analyse(command);
  if (a.anyCommand) return true;
  return shape.patterns.some((rp) => a.subjects.some((sp) => intersects(rp, sp)));
}

/**
 * How the client treated one call's `if` rules, read from two canary rules that can match no command at all:
 * `all` when even a rule naming only a command word (`Bash(canary *)`) ran (the client examined nothing), `more`
 * when a rule naming more than a command word ran (the client's fail-open for `$`, backticks, …), else `examined`.
 */
export type ClientExamination = "all" | "more" | "examined";

/** Why the command may not have been examined, in words (for the report). */
export function unexaminedBecause(command: string): string {
  const a = analyse(command);
  const why: string[] = [];
  if (command.includes("$")) why.push("holds $");
  if (command.includes("`")) why.push("holds backticks");
  if (a.parseError) why.push("does not parse");
  if (/[<>]\(/.test(command)) why.push("holds a process substitution");
  return why.length > 0 ? why.join(", ") : "parses, yet the client did not examine it";
}

/**
 * The excuse for a LAX Bash pair, or undefined. Excused only where the client ran the hook unexamined (its canary
 * rules fired on this call: for a rule that names more than the command word, the `more` canary; for any rule, the
 * `all` canary) AND no expansion of the command's dynamic words could make the rule match any part of it.
 */
export function excuse(rule: string, command: string, client: ClientExamination, input: Record<string, unknown> = {}): string | undefined {
  const shape = bashRuleShape(rule);
  if (shape === undefined || shape.kind === "any") return undefined;
  const namesMore = shape.kind === "param" || shape.namesMore;
  if (client === "examined" || (client === "more" && !namesMore)) return undefined;
  if (couldMatch(rule, command, input)) return undefined;
  const ran = client === "all" ? "ran every hook of this call unexamined" : "ran every hook whose rule names more than the command word unexamined";
  const what =
    shape.kind === "param"
      ? `the call's ${shape.name} is ${JSON.stringify(input[shape.name] ?? null)}, which no expansion of the command changes`
      : `no expansion of its dynamic words can make "${shape.collapsed}" match any part of it`;
  return `the client ${ran} (the command ${unexaminedBecause(command)}); ${what}`;
}
