import type { CompiledHttpHandler } from "./engine/handlers/http/kind";
import type { Verdict } from "./engine/event/eventSpec";
import { forwardableSecrets } from "./config";
import { NEVER_FORWARDED } from "./engine/secrets/forwardSecrets";
import type { HandlerOutcome } from "./engine/answer/outcome";

type Contribution = Omit<HandlerOutcome, "id" | "order">;

/**
 * `$NAME`/`${NAME}` in header values, from Worker secrets that are both listed in the handler's allowedEnvVars and
 * declared for forwarding (`forwardable`: FORWARD_SECRETS without hookgate's own credentials); any other name
 * becomes "" (as the client does with unlisted names). Checked here as well as at publish: FORWARD_SECRETS may have
 * changed since, and a stored revision is not re-checked against it.
 */
export function interpolateHeaders(
  handler: CompiledHttpHandler,
  secrets: Record<string, unknown>,
  forwardable: ReadonlySet<string>,
): Record<string, string> {
  const allowed = new Set((handler.doc.allowedEnvVars ?? []).filter((name) => forwardable.has(name) && !NEVER_FORWARDED.includes(name)));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(handler.doc.headers ?? {})) {
    out[name] = value
      .replace(/\$\{([A-Z_][A-Z0-9_]*)\}|\$([A-Z_][A-Z0-9_]*)/g, (_, a?: string, b?: string) => {
        const key = (a ?? b)!;
        const v = allowed.has(key) ? secrets[key] : undefined;
        return typeof v === "string" ? v : "";
      })
      .replace(/[\r\n\0]/g, "");
  }
  return out;
}

const PERMISSION: Record<string, Verdict> = { allow: "allow", deny: "deny", ask: "ask", defer: "defer" };

/** Read another hook server's answer with Claude Code's own rules (contract §2.5); anything unusable throws. */
function readHookAnswer(status: number, text: string): Contribution {
  if (status < 200 || status > 299) throw new Error(`answered HTTP ${status}`);
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error("answered something that is not JSON");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("answered JSON that is not an object");
  const b = body as Record<string, unknown>;
  const out: Contribution = {};
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  if (b.decision === "block") out.verdict = "block";
  else if (b.decision === "approve") out.verdict = "allow";
  else if (b.decision !== undefined) throw new Error(`answered an unknown decision ${JSON.stringify(b.decision)}`);
  if (str(b.reason)) out.reason = str(b.reason);
  if (str(b.systemMessage)) out.systemMessage = str(b.systemMessage);
  if (b.continue === false) {
    out.stop = true;
    if (str(b.stopReason)) out.stopReason = str(b.stopReason);
  }
  const hso = b.hookSpecificOutput;
  if (typeof hso === "object" && hso !== null) {
    const { hookEventName: _event, permissionDecision, permissionDecisionReason, updatedInput, additionalContext, decision, ...rest } =
      hso as Record<string, unknown>;
    if (permissionDecision !== undefined) {
      const v = PERMISSION[String(permissionDecision)];
      if (!v) throw new Error(`answered an unknown permissionDecision ${JSON.stringify(permissionDecision)}`);
      out.verdict = v;
      if (str(permissionDecisionReason)) out.reason = str(permissionDecisionReason);
    }
    if (typeof decision === "object" && decision !== null) {
      const d = decision as Record<string, unknown>;
      if (d.behavior === "allow" || d.behavior === "deny") out.verdict = d.behavior;
      if (str(d.message)) out.reason = str(d.message);
      if (typeof d.updatedInput === "object" && d.updatedInput !== null) out.updatedInput = d.updatedInput as Record<string, unknown>;
      if (Array.isArray(d.updatedPermissions)) rest.updatedPermissions = d.updatedPermissions;
      if (typeof d.interrupt === "boolean") rest.interrupt = d.interrupt;
    }
    if (typeof updatedInput === "object" && updatedInput !== null) out.updatedInput = updatedInput as Record<string, unknown>;
    if (str(additionalContext)) out.additionalContext = str(additionalContext);
    if (Object.keys(rest).length > 0) out.output = rest;
  }
  if (str(b.terminalSequence)) out.output = { ...out.output, terminalSequence: b.terminalSequence };
  return out;
}

/**
 * Forward the hook input to another hook server (an `http` handler) and read its answer. `env` holds the Worker's
 * secrets; only those named in its FORWARD_SECRETS variable can ever reach a header.
 */
export function httpForwarder(env: Record<string, unknown>) {
  const forwardable = new Set(forwardableSecrets(typeof env.FORWARD_SECRETS === "string" ? env.FORWARD_SECRETS : undefined));
  return async (handler: CompiledHttpHandler, input: Record<string, unknown>, signal: AbortSignal): Promise<Contribution> => {
    const res = await fetch(handler.doc.url, {
      method: "POST",
      redirect: "manual", // as the client: a redirect is an answer, not something to follow
      signal,
      headers: { "content-type": "application/json", ...interpolateHeaders(handler, env, forwardable) },
      body: JSON.stringify(input),
    });
    return readHookAnswer(res.status, await res.text());
  };
}
