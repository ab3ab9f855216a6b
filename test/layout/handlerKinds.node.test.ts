// Handler kinds are one registry (src/engine/handlers/kinds.ts): each kind a folder, one list entry, everything
// else derived. The type-level half of this file is checked by `npx tsc --noEmit -p .` (test/ is in tsconfig's
// include): each `@ts-expect-error` below must meet an error, so a registry that stopped insisting would fail tsc.
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import type { HandlerKind } from "../../src/engine/handlers/handlerKind";
import { HANDLER_KINDS, HANDLER_SCHEMAS, KIND_FIELDS, STUB_FIELDS, kindList, type HandlerCallouts } from "../../src/engine/handlers/kinds";
import { httpKind } from "../../src/engine/handlers/http/kind";
import { promptKind, type JudgeCallout } from "../../src/engine/handlers/prompt/kind";
import type { PromptFields, PromptHandlerDocument } from "../../src/engine/handlers/prompt/schema";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";

type PromptKind = HandlerKind<"prompt", PromptHandlerDocument, PromptFields, JudgeCallout, typeof promptKind.standIn.shape>;

describe("handler kinds: one list, everything derived from it", () => {
  const types = Object.keys(HANDLER_KINDS);

  it("the compiler refuses a kind missing a part, a misfiled entry, a callout of the wrong shape (tsc: each @ts-expect-error)", () => {
    // A kind missing a part (here its policy-test stand-in) is not a kind.
    const { standIn: _standIn, ...withoutStandIn } = promptKind;
    // @ts-expect-error: property 'standIn' is missing
    const incomplete: PromptKind = withoutStandIn;
    // A kind whose compiled fields list forgets one of its fields (`onError`) is not a kind either.
    // @ts-expect-error: property 'onError' is missing in `fields`
    const forgetsAField: PromptKind = { ...promptKind, fields: { doc: true, verdict: true } };
    // An entry filed under another kind's type is refused by the list's own type.
    // @ts-expect-error: type '"http"' is not assignable to type '"prompt"'
    const misfiled = kindList({ rule: HANDLER_KINDS.rule, prompt: httpKind });
    // The callouts the composition root provides are every slow kind's, by name and shape.
    const callouts: Required<Omit<HandlerCallouts, "unavailable">> = {
      judge: async () => ({ ok: true }),
      // @ts-expect-error: a forward answers a contribution, not a judge's answer
      forward: async () => ({ ok: true }),
    };
    // (At run time they are what was written: the refusal is the compiler's.)
    expect("standIn" in incomplete).toBe(false);
    expect(Object.keys(forgetsAField.fields)).toEqual(["doc", "verdict"]);
    expect(misfiled.prompt.type).toBe("http");
    expect(Object.keys(callouts)).toEqual(["judge", "forward"]);
  });

  it("each entry is filed under its own type, and the policy schema's union has exactly the listed kinds", () => {
    for (const [type, kind] of Object.entries(HANDLER_KINDS)) expect(kind.type).toBe(type);
    expect(HANDLER_SCHEMAS.map((s) => s.shape.type.value)).toEqual(types);
    const unknown = compilePolicy({ hooks: { Stop: [{ hooks: [{ type: "webhook" }] }] } }, { client: claudeCode });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error[0]?.message).toBe(`unknown handler type "webhook"; use ${types.slice(0, -1).join(", ")} or ${types.at(-1)}`);
  });

  it("a compiled handler of every kind has every kind's fields, in one order (one object shape)", () => {
    const c = compilePolicy(
      {
        hooks: {
          Stop: [
            {
              hooks: [
                { type: "rule", decision: "block", reason: "not yet" },
                { type: "prompt", prompt: "May it stop?" },
                { type: "http", url: "https://hooks.example.com/stop" },
              ],
            },
          ],
        },
      },
      { client: claudeCode },
    );
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const handlers = c.value.events.Stop!.groups[0]!.handlers;
    expect(handlers.map((h) => h.type)).toEqual(types);
    const shapes = handlers.map((h) => Object.keys(h).join());
    expect(new Set(shapes).size).toBe(1);
    for (const field of KIND_FIELDS) expect(shapes[0]!.split(",")).toContain(field);
  });

  it("a policy test's stub fields are the stand-ins' own", () => {
    const own = Object.values(HANDLER_KINDS).flatMap((k) => Object.keys(k.standIn?.shape ?? {}));
    expect(Object.keys(STUB_FIELDS).sort()).toEqual([...new Set(own)].sort());
    expect(Object.values(HANDLER_KINDS).filter((k) => k.slow !== null).map((k) => k.needs)).toEqual(["judge", "forward"]);
  });
});
