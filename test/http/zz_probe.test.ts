import { expect, it } from "vitest";
import { admin, expectAnswer, lsPolicy, publish, uniqueTeam } from "../support/worker";
it("probe current after concurrent publish", async () => {
  const out: string[] = [];
  for (let k = 0; k < 15; k++) {
    const team = uniqueTeam("probe");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => publish(team, lsPolicy("deny", `r${i}`))));
    const cur = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    out.push(`${cur.revision}`);
  }
  console.log("CURRENT", out.join(","));
  expect(1).toBe(1);
});
