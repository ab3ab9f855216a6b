// The dashboard in a real headless Chromium against the real local service (`npm start`'s wrangler dev, one
// service and one browser for the whole file): sign in, see the decision a hook request just made and open its
// trace, run the playground on `rm -rf /` and see the deny, compare two revisions and roll back, see a canary on
// the team's page, read the audit view, sign in as a team owner (a scoped token) and see only that team, sign out
// and be refused. Every request the pages make goes to the service itself, no page error, no CSP violation.
// Screenshots of each view go to .tmp/dashboard-screenshots/ (git-ignored); docs/dashboard.png is one of them.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserToLaunch, browserTurn } from "../support/chromium";
import { type LocalService, ROOT, startLocalService } from "../support/localService";

const SHOTS = join(ROOT, ".tmp", "dashboard-screenshots");

const DENY_LS = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "no-ls", if: ["Bash(ls)", "Bash(ls *)"], decision: "deny", reason: "no ls here" }] }] } };
const ASK_LS = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "ask-ls", if: ["Bash(ls)", "Bash(ls *)"], decision: "ask", reason: "ask before ls" }] }] } };
const preToolUse = (command: string) => ({
  session_id: "b7e2a1c4-0d3f-4e5a-9b8c-7d6e5f4a3b2c",
  transcript_path: "/home/dev/.claude/projects/-home-dev-app/b7e2a1c4-0d3f-4e5a-9b8c-7d6e5f4a3b2c.jsonl",
  cwd: "/home/dev/app",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: "toolu_browser_1",
});

describe("the dashboard in Chromium", () => {
  let service: LocalService;
  let browser: Browser;
  let releaseBrowser: (() => void) | undefined;
  let context: BrowserContext;
  let page: Page;
  const requested: string[] = [];
  const problems: string[] = [];
  let ownerToken: string;

  const adminCall = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.baseUrl}/v1/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${text}`).toBe(true);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  const watch = (p: Page) => {
    p.on("request", (r) => requested.push(r.url()));
    p.on("pageerror", (e) => problems.push(e.message));
    p.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    p.on("dialog", (d) => void d.accept());
  };
  const signIn = async (p: Page, token: string) => {
    await p.goto(`${service.baseUrl}/ui`);
    await p.getByLabel("Admin token").fill(token);
    await p.getByRole("button", { name: "Sign in" }).click();
    await p.getByRole("heading", { name: "Teams", level: 1 }).waitFor();
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [browser, service] = await Promise.all([
      browserTurn().then(async (release) => ((releaseBrowser = release), chromium.launch(await browserToLaunch()))),
      startLocalService(),
    ]);
    // Team "web": two revisions published with a reason, and a team owner's token for it alone.
    await adminCall("PUT", `/teams/web/policy?message=${encodeURIComponent("deny ls for now")}`, DENY_LS);
    await adminCall("PUT", `/teams/web/policy?message=${encodeURIComponent("ask instead of deny")}`, ASK_LS);
    ownerToken = (await adminCall("POST", "/tokens", { name: "web owner", scopes: ["policy:read", "policy:write", "decisions:read", "tokens:write"], teams: ["web"] })).token as string;
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    watch(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    releaseBrowser?.();
    await service?.stop();
  });

  it("signs in with the root token and lists the teams", async () => {
    await signIn(page, service.adminToken);
    await expect.poll(() => page.getByTestId("who").textContent()).toBe("root");
    for (const team of ["default", "web"]) expect(await page.getByRole("link", { name: team, exact: true }).count()).toBe(1);
    await shot("teams");
  });

  it("shows the decision a hook request just made, and opens its masked input and trace", async () => {
    const res = await fetch(`${service.baseUrl}/v1/hooks/default/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${service.devToken}`, "content-type": "application/json" },
      body: JSON.stringify(preToolUse("rm -rf /")),
    });
    expect(res.status).toBe(200);
    const decisionId = res.headers.get("x-hookgate-decision-id");
    expect(decisionId).toBeTruthy();
    // The record reaches the index through the queue (a batch window of up to 2 s): reload until its row is there.
    const row = page.locator(`a[href*="/decisions/${decisionId}"]`);
    await expect
      .poll(async () => {
        await page.goto(`${service.baseUrl}/ui/teams/default/decisions?tool=Bash`);
        return row.count();
      }, { timeout: 30_000, interval: 500 })
      .toBe(1);
    await shot("decisions");
    await row.click();
    await expect.poll(() => page.getByTestId("decision-verdict").textContent()).toBe("deny");
    expect(await page.getByTestId("decision-input").textContent()).toContain("rm -rf /");
    expect(await page.getByTestId("decision-trace").textContent()).toContain('"verdict": "deny"');
    await shot("decision");
  });

  it("runs the playground on rm -rf / and shows the deny with its trace", async () => {
    await page.goto(`${service.baseUrl}/ui/teams/default/playground?template=rm-root`);
    expect(await page.getByLabel("Hook input").inputValue()).toContain('"command": "rm -rf /"');
    await page.getByRole("button", { name: "Decide this input" }).click();
    await expect.poll(() => page.getByTestId("playground-verdict").textContent()).toBe("deny");
    expect(await page.getByTestId("playground-answer").textContent()).toContain('"permissionDecision": "deny"');
    expect(await page.getByTestId("playground-trace").textContent()).not.toBe("");
    await shot("playground");
  });

  it("compares two revisions and rolls back", async () => {
    await page.goto(`${service.baseUrl}/ui/teams/web/revisions`);
    expect(await page.getByRole("cell", { name: "deny ls for now" }).count()).toBe(1);
    expect(await page.getByRole("cell", { name: "ask instead of deny" }).count()).toBe(1);
    await page.getByLabel("From", { exact: true }).selectOption("1");
    await page.getByLabel("To", { exact: true }).selectOption("2");
    await page.getByRole("button", { name: "Compare" }).click();
    await expect.poll(() => page.getByTestId("diff-summary").textContent()).toMatch(/^Revision 1 → 2: \d+ line\(s\) added, \d+ removed\.$/);
    expect(await page.locator(".diff .del").allTextContents()).toContainEqual(expect.stringContaining('"decision": "deny"'));
    expect(await page.locator(".diff .add").allTextContents()).toContainEqual(expect.stringContaining('"decision": "ask"'));
    await shot("revisions");
    await page.getByLabel("Why roll back to 1").fill("ask was too noisy");
    await page.getByRole("button", { name: "Roll back to 1" }).click(); // confirmed by the dialog handler
    await page.getByText("Revision 1 is in force again (rolled back from 2).").waitFor();
    expect(((await adminCall("GET", "/teams/web/policy")) as { revision: number }).revision).toBe(1);
  });

  it("starts a canary from the team's page and shows it there", async () => {
    await adminCall("PUT", "/teams/web/policy?stage=shadow", ASK_LS); // revision 3, in shadow
    await page.goto(`${service.baseUrl}/ui/teams/web`);
    await expect.poll(() => page.getByTestId("rollout-shadow").textContent()).toMatch(/^revision 3 decides beside the one in force/);
    await page.getByLabel("Canary revision").fill("3");
    await page.getByLabel("Share of sessions (%)").fill("20");
    await page.getByRole("button", { name: "Start a canary" }).click();
    await expect.poll(() => page.getByTestId("rollout-canary").textContent()).toMatch(/^revision 3 answers for 20% of sessions \(the rest: revision 1\)/);
    await shot("team");
    await page.goto(`${service.baseUrl}/ui/teams/default/rules?days=7`);
    await page.locator("svg.chart").first().waitFor();
    await shot("rules");
  });

  it("reads the audit view: the publishes and the rollback, by root, with the reasons", async () => {
    await page.goto(`${service.baseUrl}/ui/audit?team=web`);
    const rows = page.locator("#audit tbody tr");
    const text = (await rows.allTextContents()).join("\n");
    expect(text).toContain("policy.rollback");
    expect(text).toContain("ask was too noisy");
    expect(text).toContain("deny ls for now");
    await shot("audit");
  });

  it("signs out, and the session is refused afterwards", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You are signed out.").waitFor();
    await page.goto(`${service.baseUrl}/ui/teams/web`);
    expect(new URL(page.url()).pathname).toBe("/ui/sign-in");
    expect(await page.getByLabel("Admin token").count()).toBe(1);
  });

  it("a team owner's token sees only its team", async () => {
    const owner = await context.browser()!.newContext({ viewport: { width: 1280, height: 860 } });
    const p = await owner.newPage();
    watch(p);
    await signIn(p, ownerToken);
    expect(await p.getByTestId("who").textContent()).toBe("web owner");
    expect(await p.getByRole("link", { name: "web", exact: true }).count()).toBe(1);
    expect(await p.getByRole("link", { name: "default", exact: true }).count()).toBe(0);
    await p.screenshot({ path: join(SHOTS, "owner-teams.png") });
    const refused = await p.goto(`${service.baseUrl}/ui/teams/default/decisions`);
    expect(refused?.status()).toBe(403);
    expect(await p.getByRole("alert").textContent()).toContain("forbidden");
    // (the context is left to browser.close(): closing a second context crashes @sparticuz/chromium's single process)
    // the 403 is a refusal the page reports, not a page error: drop its console line
    const others = problems.filter((m) => !/status of 403/.test(m));
    expect(others).toEqual([]);
    const elsewhere = requested.filter((u) => !u.startsWith(`${service.baseUrl}/`));
    expect(elsewhere, "a page fetched from outside the service").toEqual([]);
    expect(requested).toContain(`${service.baseUrl}/ui/app.js`);
  });
});
