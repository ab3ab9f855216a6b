// `${!y}` expands to the value of the variable y names, not to y's own text: `y=HOME; rm -rf ${!y}` deletes home.
import { describe, expect, it } from "vitest";
import { starterVerdict } from "../../support/starter";

describe("indirect expansion", () => {
  it.each([
    ["y=HOME; rm -rf ${!y}", "deny"],
    ["x=/etc; y=x; rm -rf ${!y}", "deny"],
    ["y=x; rm -rf /${!y}", "deny"],
    ["rm -rf ${!y}/", "deny"],
    ["n=dist; y=n; rm -rf ${!y}", "none"],
    ["y=PATH; echo ${!y}", "none"],
  ])("%s: %s", async (command, decision) => {
    expect((await starterVerdict(command)).decision).toBe(decision);
  });
});
