/**
 * `hookgate replay` throughput in Node: transcripts in the shape Claude Code 2.1.332 writes them (a prompt, then per
 * tool call the assistant's tool_use line and the user's tool_result line with `toolUseResult`, then the closing
 * text), one session per 20 of the corpus's ordinary Bash commands, each read back into hook inputs and decided
 * under the starter (baseline) and the starter plus one rule (candidate) — the whole of what the command does per
 * file, less the disk. The baseline measured in the same run is reading the same lines (JSON.parse of each): the
 * least any replay does.
 */
import starter from "../policies/default.json";
import { claudeCode } from "../src/clients/claude-code";
import { compilePolicy } from "../src/engine/policy/compilePolicy";
import { ReplayRun } from "../src/replay/replay";
import { readTranscript } from "../src/replay/transcript";
import { corpusCommands } from "./engineBench";

const PER_SESSION = 20;

/** One transcript per PER_SESSION commands, each line as the client writes it (the fields replay reads, and more). */
export function syntheticTranscripts(commands: readonly string[]): string[] {
  const files: string[] = [];
  for (let s = 0; s * PER_SESSION < commands.length; s++) {
    const sessionId = `00000000-0000-4000-8000-${String(s).padStart(12, "0")}`;
    const common = { sessionId, cwd: "/home/dev/shop", version: "2.1.332", gitBranch: "main", userType: "external", entrypoint: "cli" };
    const lines: unknown[] = [{ ...common, type: "user", permissionMode: "default", promptId: `p${s}`, message: { role: "user", content: "tidy the build" } }];
    for (const [i, command] of commands.slice(s * PER_SESSION, (s + 1) * PER_SESSION).entries()) {
      const id = `toolu_${s}_${i}`;
      lines.push({ ...common, type: "assistant", message: { id: `msg_${id}`, role: "assistant", content: [{ type: "tool_use", id, name: "Bash", input: { command, description: "step" } }], stop_reason: "tool_use" } });
      lines.push({
        ...common,
        type: "user",
        promptId: `p${s}`,
        message: { role: "user", content: [{ tool_use_id: id, type: "tool_result", content: "ok", is_error: false }] },
        toolUseResult: { stdout: "ok", stderr: "", interrupted: false, isImage: false },
        permissionDecision: { decision: "accept", source: "config" },
      });
    }
    lines.push({ ...common, type: "assistant", message: { id: `msg_end_${s}`, role: "assistant", content: [{ type: "text", text: "done" }], stop_reason: "end_turn" } });
    files.push(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  }
  return files;
}

export async function replayBench(reps = 3) {
  const files = syntheticTranscripts(corpusCommands());
  const compile = (doc: unknown) => {
    const c = compilePolicy(doc, { client: claudeCode, warnings: false });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    return c.value;
  };
  const candidateDoc = structuredClone(starter) as { hooks: { PreToolUse: { matcher?: string; hooks: unknown[] }[] } };
  candidateDoc.hooks.PreToolUse.find((g) => String(g.matcher ?? "").split("|").includes("Bash"))!.hooks.unshift({ type: "rule", id: "no-ls", if: "Bash(ls *)", decision: "deny", reason: "x" });
  const baseline = compile(starter);
  const candidate = compile(candidateDoc);

  const rows: { name: string; events: number; seconds: number; events_per_s: number; vs_parse_only: string }[] = [];
  const parseT: number[] = [];
  const replayT: number[] = [];
  let events = 0;
  for (let r = 0; r < reps; r++) {
    let t = performance.now();
    let parsed = 0;
    for (const f of files) for (const line of f.split("\n")) if (line) parsed += JSON.parse(line) ? 1 : 0;
    parseT.push(performance.now() - t);
    t = performance.now();
    // A fresh run each rep (a fresh Gate, fresh `once` memory); the shell-analysis cache is the compiled policies'
    // own, so reps after the first see commands already analysed — the first rep is the cold figure.
    const run = new ReplayRun(claudeCode, { policy: baseline }, { policy: candidate });
    for (const [i, f] of files.entries()) for (const input of readTranscript(f, `/bench/${i}.jsonl`).inputs) await run.add(input, "bench");
    replayT.push(performance.now() - t);
    events = run.finish().total;
    if (parsed === 0) throw new Error("nothing parsed");
  }
  for (const [i, t] of replayT.entries())
    rows.push({
      name: i === 0 ? "replay, pass 1 (every command new to the policies)" : `replay, pass ${i + 1} (the policies have seen the commands)`,
      events,
      seconds: +(t / 1000).toFixed(2),
      events_per_s: Math.round(events / (t / 1000)),
      vs_parse_only: `${(t / parseT[i]!).toFixed(0)}× JSON.parse of the lines`,
    });
  return rows;
}
