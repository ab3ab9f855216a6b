// The headless Chromium the browser tests drive: @sparticuz/chromium's (a pinned devDependency: a headless Chromium
// inside the npm package, so `npm install` is the whole set-up, with no browser download and no system package), or
// the binary CHROMIUM_PATH names (e.g. /usr/bin/chromium). It never skips: a browser that does not start fails the test.
//
// @sparticuz/chromium unpacks itself to the fixed path $TMPDIR/chromium and, once that path exists, takes it as
// unpacked. Two test files unpacking at once would each see the other's half-written binary, so the Node suite
// unpacks it once before any file runs (chromium.global.ts); a file then only finds it.
//
// One browser at a time on the machine (browserTurn): two of @sparticuz/chromium's single-process browsers side by
// side, on a loaded two-core machine, were seen to hang at launch or to never render an answer the page had; a file
// waits for its turn instead (its other setup, such as the service, goes on meanwhile).
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sparticuz from "@sparticuz/chromium";

const LOCK = join(tmpdir(), "hookgate-browser.lock");
/** A lock this old is left over from a holder killed before it could write its pid (a browser file takes far less). */
const STALE_MS = 10 * 60_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Resolves once this process has the browser to itself; the function it gives releases it (call after closing). */
export async function browserTurn(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    // Held: wait, unless its holder is gone (a dead pid, or no pid written long ago).
    try {
      const pid = Number(readFileSync(join(LOCK, "pid"), "utf8"));
      if (pid > 0 && !alive(pid)) rmSync(LOCK, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * How to launch it: the binary and its arguments (root, as in CI and containers, cannot use Chromium's sandbox),
 * headless, and a launch that does not come up within 60 s fails with Playwright's launch log instead of running
 * out the test's hook timeout.
 */
export async function browserToLaunch(): Promise<{ executablePath: string; args: string[]; headless: true; timeout: number }> {
  const given = process.env.CHROMIUM_PATH;
  const how = { headless: true, timeout: 60_000 } as const;
  if (given) return { executablePath: given, args: process.getuid?.() === 0 ? ["--no-sandbox"] : [], ...how };
  return { executablePath: await sparticuz.executablePath(), args: sparticuz.args, ...how };
}

/** @sparticuz/chromium unpacked, if it is the browser used (nothing to do for CHROMIUM_PATH, or once it is). */
export async function unpackChromium(): Promise<void> {
  if (!process.env.CHROMIUM_PATH) await sparticuz.executablePath();
}
