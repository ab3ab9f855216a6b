// One real Claude Code session of the differential suite: the scripted model asks for every call of the list, one
// `tool_use` per request; every handler is a command hook that appends the hook input it got on stdin to its own
// file; a catch-all hook records every input and denies every call, so no generated call ever runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startModelServer } from "../../support/modelServer";
import { runClaude } from "../claude";
import { MCP_SERVERS } from "./otherFamilies";
import type { CallCase, HookInput } from "./types";

export const DENY_REASON = "differential: every call is denied";
const DENY = JSON.stringify({
  hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: DENY_REASON },
});
const MCP_STUB = fileURLToPath(new URL("./mcpStub.mjs", import.meta.url));

export interface HandlerSpec {
  /** Unique: names the record file, and makes every command string distinct (so the client's dedup keeps them all). */
  key: string;
  if?: string;
  matcher?: string;
}

export interface SessionSpec {
  name: string;
  /** Where the hooks write their records (a fresh directory). */
  dir: string;
  cwd: string;
  home: string;
  calls: CallCase[];
  handlers: HandlerSpec[];
  /** Add the late-control probe (see {@link LATE_COMMAND}). */
  lateControl?: boolean;
  timeoutMs: number;
}

export interface ToolResult {
  isError: boolean;
  text: string;
}

export interface SessionRecord {
  name: string;
  durationMs: number;
  exitCode: number | null;
  timedOut: boolean;
  stderrTail: string;
  /** callId → the hook input the catch-all got (calls the client refused before hooks are missing). */
  inputs: Map<string, HookInput>;
  /** handler key → callId → the hook input that handler got. */
  fired: Map<string, Map<string, HookInput>>;
  /** callId → what the model was told about the call. */
  results: Map<string, ToolResult>;
  permissionDenials: number;
  /** Records of hooks whose tool_use_id matched no call (should be none). */
  strays: string[];
  /** When the model server got the request after k calls (index k): per-call latency. */
  requestAt: number[];
  late?: LateProbe;
}

/**
 * The late control, on one sentinel call: a second deny hook writes its PID; the late hook waits (polling, bounded)
 * until that deny hook has exited and been reaped, then records the time. If the client dropped or stopped pending
 * hooks once a deny came in, the record would be missing, or stamped after the client moved on to the next request.
 */
export const LATE_SENTINEL = "echo differential-late-control";
export interface LateProbe {
  /** The late hook's record, if it wrote one. */
  record?: { id: string; polls: number; t: number };
  /** When the model server got the request that followed the sentinel call. */
  nextRequestAt?: number;
}

const q = (path: string) => {
  if (path.includes("'")) throw new Error(`unexpected quote in ${path}`);
  return `'${path}'`;
};

export function toolUseId(sessionName: string, callId: string): string {
  return `toolu_${sessionName}_${callId}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

export function mcpConfig(): object {
  return {
    mcpServers: Object.fromEntries(
      Object.entries(MCP_SERVERS).map(([name, tools]) => [name, { command: process.execPath, args: [MCP_STUB, ...tools] }]),
    ),
  };
}

function settingsFor(spec: SessionSpec): object {
  const rec = (file: string) => `{ cat; echo; } >> ${q(join(spec.dir, file))}`;
  const groups: object[] = [{ matcher: "*", hooks: [{ type: "command", command: `${rec("all.jsonl")}; printf '%s\\n' '${DENY}'`, timeout: 30 }] }];
  for (const h of spec.handlers) {
    const hook: Record<string, unknown> = { type: "command", command: rec(`h/${h.key}.jsonl`), timeout: 30 };
    if (h.if !== undefined) hook.if = h.if;
    groups.push(h.matcher === undefined ? { hooks: [hook] } : { matcher: h.matcher, hooks: [hook] });
  }
  if (spec.lateControl) {
    // Both hooks also fire on calls the client does not examine (`$GIT push …` runs every hook): key by call.
    const dir = q(join(spec.dir, "late"));
    const idOf = `id=$(printf '%s' "$in" | sed -n 's/.*"tool_use_id":"\\([^"]*\\)".*/\\1/p')`;
    const pid = `${dir}/"$id".pid`;
    const deny2 = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "late-control deny" } });
    groups.push({ hooks: [{ type: "command", if: `Bash(${LATE_SENTINEL})`, timeout: 30, command: `in=$(cat); ${idOf}; echo $$ > ${pid}; printf '%s\\n' '${deny2}'` }] });
    groups.push({
      hooks: [
        {
          type: "command",
          if: `Bash(${LATE_SENTINEL})`,
          timeout: 30,
          command:
            `in=$(cat); ${idOf}; i=0; while [ ! -s ${pid} ] || kill -0 "$(cat ${pid})" 2>/dev/null; do ` +
            `i=$((i+1)); [ "$i" -ge 1000 ] && break; sleep 0.01; done; ` +
            `echo "{\\"id\\":\\"$id\\",\\"polls\\":$i,\\"t\\":$(date +%s%3N)}" >> ${q(join(spec.dir, "late.jsonl"))}`,
        },
      ],
    });
  }
  return { hooks: { PreToolUse: groups } };
}

function readRecords(file: string): HookInput[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as HookInput);
}

const countToolUses = (messages: unknown): number =>
  Array.isArray(messages)
    ? messages.reduce(
        (n: number, m: any) => n + (m?.role === "assistant" && Array.isArray(m.content) ? m.content.filter((b: any) => b?.type === "tool_use").length : 0),
        0,
      )
    : 0;

const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((c: any) => c?.text ?? "").join("") : JSON.stringify(content);

export async function runSession(spec: SessionSpec): Promise<SessionRecord> {
  mkdirSync(join(spec.dir, "h"), { recursive: true });
  mkdirSync(join(spec.dir, "late"), { recursive: true });
  const calls = spec.lateControl
    ? [...spec.calls, { id: "late-control", family: "control", tool: "Bash", template: {}, input: { command: LATE_SENTINEL, description: "late control" } }]
    : spec.calls;
  const idOf = new Map(calls.map((c) => [toolUseId(spec.name, c.id), c.id]));
  const requestAt: number[] = [];

  const model = await startModelServer({
    quiet: true,
    // Position from the conversation itself (tool_use blocks so far), not from a request counter: a side request
    // without tools (the client makes some) gets plain text and does not shift the script.
    script: ({ body }) => {
      if (!Array.isArray(body?.tools) || body.tools.length === 0) return { text: "ok" };
      const k = countToolUses(body.messages);
      requestAt[k] ??= Date.now();
      const c = calls[k];
      return c ? { toolUse: { id: toolUseId(spec.name, c.id), name: c.tool, input: c.input } } : { text: "done" };
    },
  });
  try {
    const mcpFile = join(spec.dir, "mcp.json");
    writeFileSync(mcpFile, JSON.stringify(mcpConfig()));
    const r = await runClaude({
      prompt: "run the differential calls",
      settings: settingsFor(spec),
      cwd: spec.cwd,
      baseUrl: model.url,
      env: { HOME: spec.home },
      extraArgs: ["--mcp-config", mcpFile, "--strict-mcp-config"],
      timeoutMs: spec.timeoutMs,
    });

    const strays: string[] = [];
    const byCall = (records: HookInput[], what: string) => {
      const m = new Map<string, HookInput>();
      for (const rec of records) {
        const id = idOf.get(String(rec.tool_use_id));
        if (id === undefined) strays.push(`${what}: ${String(rec.tool_use_id)}`);
        else m.set(id, rec);
      }
      return m;
    };
    const inputs = byCall(readRecords(join(spec.dir, "all.jsonl")), "catch-all");
    const fired = new Map(spec.handlers.map((h) => [h.key, byCall(readRecords(join(spec.dir, "h", `${h.key}.jsonl`)), h.key)]));

    const results = new Map<string, ToolResult>();
    const last = model.scripted().at(-1)?.body;
    for (const m of last?.messages ?? [])
      if (Array.isArray(m?.content))
        for (const b of m.content)
          if (b?.type === "tool_result") {
            const id = idOf.get(String(b.tool_use_id));
            if (id !== undefined) results.set(id, { isError: b.is_error === true, text: textOf(b.content) });
          }

    let late: LateProbe | undefined;
    if (spec.lateControl) {
      const sentinel = toolUseId(spec.name, "late-control");
      const records = readRecords(join(spec.dir, "late.jsonl")) as unknown as { id: string; polls: number; t: number }[];
      const record = records.find((x) => x.id === sentinel);
      late = { record, nextRequestAt: requestAt[calls.length] };
    }
    return {
      name: spec.name,
      durationMs: r.durationMs,
      exitCode: r.exitCode,
      timedOut: r.timedOut,
      stderrTail: r.stderr.slice(-2000),
      inputs,
      fired,
      results,
      permissionDenials: r.result?.permission_denials?.length ?? 0,
      strays,
      requestAt,
      late,
    };
  } finally {
    await model.close();
  }
}
