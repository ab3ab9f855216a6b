// The API reference page in a real, headless Chromium against the real local service (`npm start`'s wrangler dev):
// the endpoints are listed, the admin token is entered through "Authorize", and one request (list teams) is made
// from the page and answered. Every request the page makes must go to the service itself: nothing from a CDN.
// The Chromium: test/support/chromium.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, chromium } from "playwright-core";
import { browserToLaunch, browserTurn } from "../support/chromium";
import { type LocalService, startLocalService } from "../support/localService";

describe("GET /v1/admin/docs in Chromium", () => {
  let service: LocalService;
  let browser: Browser;
  let releaseBrowser: (() => void) | undefined;

  beforeAll(async () => {
    [browser, service] = await Promise.all([
      browserTurn().then(async (release) => ((releaseBrowser = release), chromium.launch(await browserToLaunch()))),
      startLocalService(),
    ]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    releaseBrowser?.();
    await service?.stop();
  });

  it("lists the endpoints, takes the admin token, and lists teams from the page", async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));

    await page.goto(`${service.baseUrl}/v1/admin/docs`);
    const teamsOp = page.locator(".opblock-get").filter({ has: page.locator('[data-path="/v1/admin/teams"]') });
    await teamsOp.waitFor({ timeout: 30_000 });

    // the endpoints are listed: admin and hook routes
    const paths = await page.locator(".opblock-summary-path").evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
    for (const p of ["/v1/admin/teams", "/v1/admin/teams/{team}/policy", "/v1/admin/teams/{team}/decisions", "/v1/hooks/{team}/pre-tool-use"])
      expect(paths).toContain(p);

    // Authorize with the admin token
    await page.locator("button.authorize").first().click();
    const adminAuth = page.locator(".auth-container").filter({ hasText: "adminToken" });
    await adminAuth.locator("input").fill(service.adminToken);
    await adminAuth.locator("button.authorize").click();
    await page.locator(".dialog-ux button.btn-done, .dialog-ux button.close-modal").first().click();

    // GET /v1/admin/teams: try it out, execute
    await teamsOp.locator(".opblock-summary").click();
    await teamsOp.locator("button.try-out__btn").click();
    await teamsOp.locator("button.execute").click();
    const status = teamsOp.locator(".live-responses-table tr.response .response-col_status").first();
    await expect.poll(async () => (await status.textContent())?.trim(), { timeout: 30_000 }).toBe("200");
    const body = await teamsOp.locator(".live-responses-table tr.response .response-col_description .highlight-code pre").first().textContent();
    const answer = JSON.parse(body ?? "") as { teams: { team: string; revision: number | null; tokens: number }[] };
    expect(Object.keys(answer)).toEqual(["teams"]);
    expect(answer.teams).toContainEqual(expect.objectContaining({ team: "default", revision: 1, tokens: 1 })); // the seeded team

    expect(pageErrors).toEqual([]);
    const elsewhere = requested.filter((u) => !u.startsWith(`${service.baseUrl}/`) && !u.startsWith("data:"));
    expect(elsewhere, "the page fetched from outside the service").toEqual([]);
    expect(requested).toContain(`${service.baseUrl}/v1/admin/openapi.json`);
    expect(requested).toContain(`${service.baseUrl}/v1/admin/teams`);
  });

  it("without the token the same request is the 401 envelope, shown on the page", async () => {
    const page = await browser.newPage();
    await page.goto(`${service.baseUrl}/v1/admin/docs`);
    const teamsOp = page.locator(".opblock-get").filter({ has: page.locator('[data-path="/v1/admin/teams"]') });
    await teamsOp.waitFor({ timeout: 30_000 });
    await teamsOp.locator(".opblock-summary").click();
    await teamsOp.locator("button.try-out__btn").click();
    await teamsOp.locator("button.execute").click();
    const status = teamsOp.locator(".live-responses-table tr.response .response-col_status").first();
    await expect.poll(async () => (await status.textContent())?.trim(), { timeout: 30_000 }).toMatch(/^401/);
    const body = await teamsOp.locator(".live-responses-table tr.response .response-col_description .highlight-code pre").first().textContent();
    expect(JSON.parse(body ?? "")).toMatchObject({ error: { code: "unauthorized" } });
  });
});
