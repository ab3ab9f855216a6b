/**
 * The hook inputs Claude Code would have sent, read back from one of its session transcripts
 * (`~/.claude/projects/<project>/<session>.jsonl`, one JSON entry a line). Pure: text in, inputs out; it runs in
 * Node for `hookgate replay` and the benchmark.
 *
 * What each entry becomes (the client's own firing rules, docs/rolling-out.md):
 * - a `user` entry whose content is the person's text (not a tool result, not a meta or command-output line):
 *   UserPromptSubmit with that `prompt`;
 * - each `tool_use` block of an `assistant` entry: PreToolUse (`tool_name`, `tool_input`, `tool_use_id`);
 * - the `tool_result` for it: PostToolUse with the entry's `toolUseResult` as `tool_response`, or, when the result is
 *   an error, PostToolUseFailure with its text as `error` — except a result the client made itself without running
 *   the tool (a permission or hook refusal, an input the tool refused: `<tool_use_error>`), for which neither fires;
 * - the end of an assistant turn (its last message has text and no tool use, and a person's prompt or the end of
 *   the file follows): Stop with `last_assistant_message` and `stop_hook_active: false`.
 * Every input carries the entry's `session_id`, `cwd`, `permission_mode` (the latest prompt's) and `prompt_id`, and
 * the transcript's own path as `transcript_path`. Sidechain (subagent) entries give their tool events with
 * `agent_id`; their prompts and stops are the subagent's, which fire other events, and are left out.
 *
 * What a transcript cannot say: what would have happened had an answer been different (a tool the candidate denies
 * still shows its result), so every event is replayed as recorded.
 */

export interface ReplayedInput {
  input: Record<string, unknown>;
  /** 1-based line of the entry it came from. */
  line: number;
}

interface TranscriptInputs {
  inputs: ReplayedInput[];
  /** Lines that are not a JSON object (a torn last line, a corrupt write): counted, skipped. */
  unreadable: number;
  lines: number;
  sessions: Set<string>;
}

type Entry = Record<string, unknown>;
type Block = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The text of a message's content: a string, or its text blocks joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((b): b is Block => isObject(b) && b.type === "text" && typeof b.text === "string")
    .map((b) => b.text as string)
    .join("\n");
}

/** User text the client wrote itself, not the person: no UserPromptSubmit for it. */
const CLIENT_TEXT = /^(?:<local-command-stdout>|<local-command-stderr>|<command-message>|<bash-stdout>|<bash-stderr>|\[Request interrupted by user)/;

/**
 * A tool result the client made without running the tool: no PostToolUse(Failure) fires for it. The entry's
 * `permissionDecision` says so (2.1.332 writes `{decision: "reject"}` for a permission or hook refusal, "accept"
 * when the tool ran); transcripts without it are read by the client's refusal texts.
 */
function notRun(entry: Entry, result: Block, text: string): boolean {
  const permission = entry.permissionDecision;
  if (isObject(permission) && typeof permission.decision === "string") return permission.decision !== "accept";
  return (
    result.is_error === true &&
    (text.startsWith("<tool_use_error>") ||
      /^(?:PreToolUse:\S+ hook (?:error|blocking error)|Permission to use \S+ (?:has been|was) denied|Claude requested permissions to use|The user doesn't want to proceed)/.test(text))
  );
}

export function readTranscript(text: string, transcriptPath: string): TranscriptInputs {
  const inputs: ReplayedInput[] = [];
  const sessions = new Set<string>();
  const toolUses = new Map<string, { name: string; input: Record<string, unknown> }>();
  let unreadable = 0;
  let permissionMode: string | undefined;
  let pendingStop: { base: Record<string, unknown>; text: string; line: number } | undefined;

  const flushStop = () => {
    if (!pendingStop) return;
    inputs.push({
      input: { ...pendingStop.base, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: pendingStop.text },
      line: pendingStop.line,
    });
    pendingStop = undefined;
  };

  const lines = text.split("\n");
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "") continue;
    count++;
    let entry: Entry;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isObject(parsed)) throw new Error("not an object");
      entry = parsed;
    } catch {
      unreadable++;
      continue;
    }
    const type = entry.type;
    if (type !== "user" && type !== "assistant") continue;
    const message = entry.message;
    const sessionId = str(entry.sessionId);
    if (!isObject(message) || sessionId === undefined) continue;
    sessions.add(sessionId);
    const sidechain = entry.isSidechain === true;
    const base: Record<string, unknown> = { session_id: sessionId, transcript_path: transcriptPath, cwd: str(entry.cwd) ?? "" };
    if (type === "user" && !sidechain && typeof entry.permissionMode === "string") permissionMode = entry.permissionMode;
    if (permissionMode !== undefined) base.permission_mode = permissionMode;
    if (typeof entry.promptId === "string") base.prompt_id = entry.promptId;
    if (sidechain && typeof entry.agentId === "string") base.agent_id = entry.agentId;
    const line = i + 1;
    const content = message.content;

    if (type === "assistant") {
      if (entry.isApiErrorMessage === true) {
        // An API error ends the turn with StopFailure, not Stop.
        if (!sidechain) pendingStop = undefined;
        continue;
      }
      const blocks = Array.isArray(content) ? content.filter(isObject) : [];
      const uses = blocks.filter((b) => b.type === "tool_use" && typeof b.id === "string" && typeof b.name === "string");
      for (const use of uses) {
        const toolInput = isObject(use.input) ? use.input : {};
        toolUses.set(use.id as string, { name: use.name as string, input: toolInput });
        inputs.push({ input: { ...base, hook_event_name: "PreToolUse", tool_name: use.name, tool_input: toolInput, tool_use_id: use.id }, line });
      }
      if (sidechain) continue;
      const said = textOf(content);
      if (uses.length > 0 || message.stop_reason === "tool_use") pendingStop = undefined;
      else if (said !== "") pendingStop = { base, text: said, line };
      continue;
    }

    // A user entry: tool results, or the person's prompt.
    if (entry.isMeta === true || entry.isCompactSummary === true) continue;
    const results = Array.isArray(content) ? content.filter((b): b is Block => isObject(b) && b.type === "tool_result") : [];
    if (results.length > 0) {
      for (const result of results) {
        const id = str(result.tool_use_id);
        const use = id !== undefined ? toolUses.get(id) : undefined;
        if (!use || id === undefined) continue;
        const resultText = textOf(result.content);
        if (notRun(entry, result, resultText)) continue;
        const common = { ...base, tool_name: use.name, tool_input: use.input, tool_use_id: id };
        if (result.is_error === true) {
          const interrupted = /\binterrupted\b/i.test(resultText) && /^\[?Request interrupted/i.test(resultText);
          inputs.push({ input: { ...common, hook_event_name: "PostToolUseFailure", error: resultText, ...(interrupted ? { is_interrupt: true } : {}) }, line });
        } else {
          const response = entry.toolUseResult !== undefined ? entry.toolUseResult : result.content;
          inputs.push({ input: { ...common, hook_event_name: "PostToolUse", tool_response: response ?? null }, line });
        }
      }
      continue;
    }
    if (sidechain) continue;
    const prompt = textOf(content);
    if (prompt === "" || CLIENT_TEXT.test(prompt)) continue;
    flushStop();
    inputs.push({ input: { ...base, hook_event_name: "UserPromptSubmit", prompt }, line });
  }
  flushStop();
  return { inputs, unreadable, lines: count, sessions };
}
