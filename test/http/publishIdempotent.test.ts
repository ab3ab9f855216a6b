// A publish of the document already in force is not a new revision, and a rollback to the revision already in force
// is a 409: both decided inside the team's Coordinator (the one writer), so concurrent identical publishes cannot race.
import { describe, expect, it } from "vitest";
import { admin, expectAnswer, expectError, lsPolicy, publish, uniqueTeam } from "../support/worker";

const revisions = async (team: string) =>
  ((await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions`))) as { revisions: { revision: number; current: boolean }[] }).revisions;

describe("publishing the current document again", () => {
  it("answers 200 unchanged with the current revision and digest, and stores nothing", async () => {
    const team = uniqueTeam("same");
    const doc = lsPolicy("deny", "same");
    const first = await publish(team, doc);
    expect(first).toMatchObject({ revision: 1, unchanged: false });
    const again = await expectAnswer(await admin("PUT", `/teams/${team}/policy`, doc), 200);
    expect(again).toMatchObject({ team, revision: 1, digest: first.digest, publishedAt: first.publishedAt, unchanged: true, handlers: 1 });
    expect((await revisions(team)).map((r) => r.revision)).toEqual([1]);

    // a different document is a new revision; the first document again is then a change, so a third
    const other = await publish(team, lsPolicy("ask", "other"));
    expect(other.revision).toBe(2);
    expect((await publish(team, doc)).revision).toBe(3);
  });

  it("compares the document as published: the same policy with its keys in another order is a new revision", async () => {
    // GET returns what was PUT, key order included, so a reordered document is a different thing to return.
    const team = uniqueTeam("order");
    await publish(team, { failMode: "open", ...lsPolicy("deny") });
    expect((await publish(team, { ...lsPolicy("deny"), failMode: "open" })).revision).toBe(2);
  });

  it("after a rollback, publishing the rolled-back-to document is unchanged", async () => {
    const team = uniqueTeam("same-rb");
    const a = lsPolicy("deny", "a");
    await publish(team, a);
    await publish(team, lsPolicy("ask", "b"));
    await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 }));
    const res = await expectAnswer(await admin("PUT", `/teams/${team}/policy`, a), 200);
    expect(res).toMatchObject({ revision: 1, unchanged: true });
  });

  it("two identical publishes at once make one revision: one 201, one 200 unchanged, same number", async () => {
    const team = uniqueTeam("same-race");
    const doc = lsPolicy("deny", "raced");
    const answers = await Promise.all([0, 1].map(() => admin("PUT", `/teams/${team}/policy`, doc)));
    const statuses = answers.map((r) => r.status).sort();
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { revision: number; unchanged: boolean; digest: string }[];
    expect(statuses).toEqual([200, 201]);
    expect(bodies.map((b) => b.unchanged).sort()).toEqual([false, true]);
    expect(new Set(bodies.map((b) => b.revision))).toEqual(new Set([1]));
    expect(new Set(bodies.map((b) => b.digest)).size).toBe(1);
    expect((await revisions(team)).map((r) => r.revision)).toEqual([1]);
  });
});

describe("rolling back to the current revision", () => {
  it("is a 409 conflict naming the revision, and changes nothing", async () => {
    const team = uniqueTeam("rb-current");
    await publish(team, lsPolicy("deny", "one"));
    const two = await publish(team, lsPolicy("ask", "two"));
    const e = await expectError(await admin("POST", `/teams/${team}/policy/rollback`, { revision: two.revision }), 409, "conflict");
    expect(e.error.message).toMatch(new RegExp(`revision ${two.revision} is already current`));
    const current = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(current).toMatchObject({ revision: two.revision });
    expect(current).not.toHaveProperty("rolledBackFrom");

    // after a real rollback, the one rolled back to is now the current one
    await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 }));
    await expectError(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 }), 409, "conflict");
  });

  it("two rollbacks to the same revision at once: one moves current, the other is a 409", async () => {
    const team = uniqueTeam("rb-race");
    await publish(team, lsPolicy("deny", "one"));
    await publish(team, lsPolicy("ask", "two"));
    const answers = await Promise.all([0, 1].map(() => admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await revisions(team)).filter((r) => r.current).map((r) => r.revision)).toEqual([1]);
  });
});
