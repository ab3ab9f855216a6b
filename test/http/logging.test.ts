// A secret in a request never reaches a log line, whatever goes wrong with the request.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

const SECRET = "AKIAIOSFODNN7EXAMPLE";

describe("logs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a malformed body that starts with a secret is not quoted in the log", async () => {
    const lines: string[] = [];
    for (const level of ["log", "warn", "error", "info"] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
    const res = await exports.default.fetch("http://hookgate.test/v1/admin/teams/log-team/policy", {
      method: "PUT",
      headers: admin,
      // V8 quotes the first characters of a body it cannot parse: here, the secret.
      body: `s3cr3tpass ${SECRET} {`,
    });
    expect(res.status).toBe(400);
    expect(lines.length).toBeGreaterThan(0); // the failure was logged…
    expect(lines.join("\n")).not.toContain(SECRET); // …without the secret
    expect(lines.join("\n")).not.toContain("s3cr3tpass");
  });
});
