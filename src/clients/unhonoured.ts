import type { Aggregate } from "../engine/answer/outcome";
import type { ClientModel } from "../engine/event/client";
import type { EventSpec } from "../engine/event/eventSpec";
import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";

/**
 * What a rule asks that a client's answer never carries, found by asking the client's own answer writer: each thing a
 * rule sets (its decision, reason, context, message, rewrite, `continue: false`, each output field) is written into
 * the event's answer with and without it, and where the two answers are the same the client is never told. So a
 * field a client's schema has no room for (Copilot CLI's and Cursor's answers take no `sessionTitle`, `watchPaths`,
 * …) is said at publish and `hookgate check` instead of vanishing, and a client added later needs no list of its
 * own: the warning follows from its answer writer. Verdicts a client maps onto another one (Codex: ask → deny) change
 * the answer, so they are not found here; the client says those itself (codex/limits.ts).
 */
export function unhonoured(client: ClientModel, policy: CompiledPolicy): Problem[] {
  const out: Problem[] = [];
  // One finding for many rules (a starter's deny reasons) is said once, at the first rule's path, with a count.
  const findings = new Map<string, { path: string; more: number }>();
  const answer = (spec: EventSpec, aggregate: Aggregate) => JSON.stringify(client.protocol.answer(spec, aggregate));
  for (const [name, event] of Object.entries(policy.events)) {
    if (!event) continue;
    // The client's own events for it (one canonical event may be several of the client's: Cursor's PreToolUse is
    // four), each with its own answer writer. None: the client never sends it, and its groups never run there.
    const routes = client.events.list.filter((s) => s.name === name);
    if (routes.length === 0) {
      out.push({ path: `hooks.${name}`, message: `${client.title} sends no ${name}: these groups never run for it` });
      continue;
    }
    for (const group of event.groups)
      for (const h of group.handlers) {
        if (h.type !== "rule") continue;
        const dropped = new Map<string, { what: string; on: string[] }>();
        for (const spec of routes) {
          const drop = (field: string, what: string) => {
            const entry = dropped.get(field) ?? { what, on: [] };
            entry.on.push(spec.route);
            dropped.set(field, entry);
          };
          // The rule's verdict stands in both answers of each facet but its own: what a field does can depend on it.
          const base: Aggregate = h.verdict === undefined ? { output: {} } : { verdict: h.verdict, output: {} };
          const without = answer(spec, base);
          const differs = (extra: Partial<Aggregate>) => answer(spec, { ...base, ...extra, output: { ...extra.output } }) !== without;
          // An allow that carries a rewrite is how the rewrite is asked for: it is judged with the rewrite, below.
          if (h.verdict !== undefined && !(h.verdict === "allow" && h.updatedInput !== undefined) && answer(spec, { output: {} }) === without)
            drop("decision", `"${h.verdict}" (the rule is no opinion there)`);
          if (h.verdict !== undefined && h.reason !== undefined && !differs({ reason: h.reason })) drop("reason", "reason");
          if (h.additionalContext !== undefined && !differs({ additionalContext: h.additionalContext })) drop("additionalContext", "additionalContext");
          if (h.systemMessage !== undefined && !differs({ systemMessage: h.systemMessage })) drop("systemMessage", "systemMessage");
          if (h.updatedInput !== undefined && !differs({ updatedInput: h.updatedInput })) drop("updatedInput", "updatedInput (the rewrite is left out)");
          if (h.stop && !differs({ stop: h.stopReason === undefined ? {} : { reason: h.stopReason } })) drop("continue", "continue: false");
          for (const [key, value] of Object.entries(h.output ?? {})) if (!differs({ output: { [key]: value } })) drop(`output.${key}`, `output.${key}`);
        }
        const to = h.verdict === undefined ? "" : ` to ${h.verdict === "allow" || h.verdict === "ask" ? "an" : "a"} ${h.verdict}`;
        for (const [field, { what, on }] of dropped) {
          const where = routes.length === 1 ? `its ${name} answer${to}` : `its answer${to} on ${on.map((r) => `\`${r}\``).join(", ")} (${name})`;
          const message = `${client.title}: ${where} carries no ${what}; ${client.title} is never told it`;
          const same = findings.get(`${field}\n${message}`);
          if (same) same.more++;
          else findings.set(`${field}\n${message}`, { path: `${h.path}.${field}`, more: 0 });
        }
      }
  }
  for (const [key, { path, more }] of findings) {
    const message = key.slice(key.indexOf("\n") + 1);
    out.push({ path, message: more ? `${message} (and ${more} more rule${more === 1 ? "" : "s"} like it)` : message });
  }
  return out;
}
