import type { Hono } from "hono";
import starterPolicy from "../../policies/default.json";
import type { PolicyRecord } from "../services";
import { findDecision } from "./decisionPages";
import { ChangeForm, ErrorBox, teamPath, Verdict } from "./layout";
import { ImpactReport, type ImpactReportValue } from "./impact";
import { csrfOf, form, render, type UiContext, type UiEnv } from "./uiContext";

const api = (team: string, rest = "") => `/teams/${encodeURIComponent(team)}${rest}`;
const SESSION = "00000000-0000-4000-8000-000000000000";
const base = { session_id: SESSION, transcript_path: `/home/dev/.claude/projects/-home-dev-app/${SESSION}.jsonl`, cwd: "/home/dev/app", permission_mode: "default" };
const bash = (command: string) => ({ ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_playground" });

/** Inputs to start from: the cases a policy owner asks about first (Claude Code's shapes). */
const TEMPLATES: Record<string, { label: string; input: Record<string, unknown> }> = {
  "rm-root": { label: "Bash: rm -rf /", input: bash("rm -rf /") },
  "force-push": { label: "Bash: git push --force", input: bash("git push --force origin main") },
  "read-env": { label: "Read .env", input: { ...base, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/home/dev/app/.env" }, tool_use_id: "toolu_playground" } },
  "git-status": { label: "Bash: git status", input: bash("git status") },
  prompt: { label: "A prompt", input: { ...base, hook_event_name: "UserPromptSubmit", prompt: "Refactor the billing module" } },
};

interface Evaluation {
  answer: unknown;
  trace: unknown;
  dryRun: { id: string; verdict?: string }[];
  errors: string[];
}

/**
 * The playground: a policy (the team's in force, or the starter) and an input (a template, or a recorded decision's
 * masked input) → the answer and the trace from the admin API's evaluate (the same Gate, a dry run that writes
 * nothing); and, before publishing, the impact report of the draft against the decisions recorded.
 */
export function playgroundPages(ui: Hono<UiEnv>) {
  ui.get("/teams/:team/playground", async (c) => {
    const team = c.req.param("team");
    const current = await c.var.api.get<PolicyRecord>(api(team, "/policy"));
    if (!current.ok && current.status !== 404) return page(c, team, { policy: "", input: "" }, { error: current.error, status: current.status });
    const policy = JSON.stringify(current.ok ? current.value.document : starterPolicy, null, 2);
    let input: unknown = TEMPLATES[c.req.query("template") ?? "rm-root"]?.input ?? TEMPLATES["rm-root"]!.input;
    const decisionId = c.req.query("decision");
    if (decisionId) {
      const found = await findDecision(c, team, decisionId, c.req.query("at"));
      if (!found.ok) return page(c, team, { policy, input: "" }, { error: found.error, status: found.status });
      input = found.value.input;
    }
    return page(c, team, { policy, input: JSON.stringify(input, null, 2) }, {});
  });

  ui.post("/teams/:team/playground", async (c) => {
    const team = c.req.param("team");
    const fields = { policy: form(c, "policy"), input: form(c, "input") };
    const parsed = parseBoth(fields);
    if ("error" in parsed) return page(c, team, fields, { error: parsed.error, status: 400 });
    if (form(c, "action") === "impact") {
      const r = await c.var.api.send<ImpactReportValue>("POST", api(team, "/policy/impact"), { policy: parsed.policy });
      return r.ok ? page(c, team, fields, { impact: r.value }) : page(c, team, fields, { error: r.error, status: r.status });
    }
    const r = await c.var.api.send<Evaluation>("POST", api(team, "/evaluate"), { policy: parsed.policy, input: parsed.input });
    return r.ok ? page(c, team, fields, { evaluation: r.value }) : page(c, team, fields, { error: r.error, status: r.status });
  });
}

type Parsed = { value: unknown } | { error: { code: string; message: string } };

function parseBoth(fields: { policy: string; input: string }): { policy: unknown; input: unknown } | { error: { code: string; message: string } } {
  const parse = (what: string, text: string): Parsed => {
    try {
      return { value: JSON.parse(text) };
    } catch (e) {
      return { error: { code: "invalid_json", message: `the ${what} is not JSON: ${String(e).replace(/"[\s\S]*"/, '"…"')}` } };
    }
  };
  const policy = parse("policy", fields.policy);
  if ("error" in policy) return { error: policy.error };
  const input = parse("input", fields.input);
  if ("error" in input) return { error: input.error };
  return { policy: policy.value, input: input.value };
}

interface Shown {
  evaluation?: Evaluation;
  impact?: ImpactReportValue;
  error?: { code: string; message: string; problems?: { path: string; message: string }[] };
  status?: number;
}

/** The verdict an answer carries (Claude Code's fields), for the headline; the whole answer is shown below it. */
function verdictOf(answer: unknown): string | undefined {
  const a = answer as { decision?: string; hookSpecificOutput?: { permissionDecision?: string; decision?: { behavior?: string } } } | undefined;
  return a?.hookSpecificOutput?.permissionDecision ?? a?.hookSpecificOutput?.decision?.behavior ?? a?.decision ?? (a && Object.keys(a).length === 0 ? "allow" : undefined);
}

function page(c: UiContext, team: string, fields: { policy: string; input: string }, shown: Shown) {
  const status = shown.status === undefined ? 200 : ((shown.status >= 400 && shown.status < 500 ? shown.status : 500) as 400);
  return render(
    c,
    { title: `Playground for ${team}`, nav: "teams", team: { name: team, tab: "playground" } },
    <>
      {shown.error && <ErrorBox error={shown.error} />}
      <p>
        Start from:{" "}
        {Object.entries(TEMPLATES).map(([key, t], i) => (
          <>{i > 0 && " · "}<a href={teamPath(team, `/playground?template=${key}`)}>{t.label}</a></>
        ))}
        {" "}· or a decision's <a href={teamPath(team, "/decisions")}>“Open in the playground”</a>.
      </p>
      {shown.evaluation && (
        <section class="card" aria-labelledby="answer" aria-live="polite">
          <h2 id="answer">Answer: <span data-testid="playground-verdict"><Verdict verdict={verdictOf(shown.evaluation.answer)} /></span></h2>
          <div class="grid2">
            <div><h3>The answer the hook would give</h3><pre data-testid="playground-answer">{JSON.stringify(shown.evaluation.answer, null, 2)}</pre></div>
            <div><h3>Trace</h3><pre data-testid="playground-trace">{JSON.stringify(shown.evaluation.trace, null, 2)}</pre></div>
          </div>
          {shown.evaluation.dryRun.length > 0 && <p>Dry-run handlers that matched: {shown.evaluation.dryRun.map((d) => d.id).join(", ")}</p>}
          {shown.evaluation.errors.length > 0 && <p class="error">Errors: {shown.evaluation.errors.join("; ")}</p>}
        </section>
      )}
      {shown.impact !== undefined && <ImpactReport report={shown.impact} />}
      <ChangeForm action={teamPath(team, "/playground")} csrf={csrfOf(c)}>
        <div class="grid2">
          <div><label for="policy">Policy (a draft: nothing is published)</label><textarea id="policy" name="policy" spellcheck={false}>{fields.policy}</textarea></div>
          <div><label for="input">Hook input</label><textarea id="input" name="input" spellcheck={false}>{fields.input}</textarea></div>
        </div>
        <p>
          <button type="submit" name="action" value="evaluate">Decide this input</button>{" "}
          <button class="quiet" type="submit" name="action" value="impact">What would this change do? (impact on recorded decisions)</button>
        </p>
        <p class="muted">Deciding is the admin API's evaluate with this draft: the same Gate as the hook route, with the org baseline under it, writing no state. The impact report re-decides the team's recorded (masked) decisions under the draft.</p>
      </ChangeForm>
    </>,
    status,
  );
}
