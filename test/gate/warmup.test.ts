import { describe, expect, it } from "vitest";
import { CLIENT_PROFILES } from "../../src/clients";
import { warmUp } from "../../src/warmup";

describe("the isolate's warm-up (run from the Worker's global scope)", () => {
  it("really decides: the starter, compiled as a stored revision loads, denies what it must and lets the ordinary through", async () => {
    const report = await warmUp(CLIENT_PROFILES);
    expect(report.error).toBeUndefined();
    expect(report.clients).toEqual(CLIENT_PROFILES.map((c) => c.name));
    expect(report.verdicts).toEqual({
      "bash-read": "none",
      "bash-delete-root": "deny",
      "bash-download-run": "deny",
      "bash-script": "none",
      "bash-later": "deny",
      write: "none",
      "read-env": "deny",
      edit: "none",
      prompt: "block",
      "post-tool-use": "none",
    });
  });
});
