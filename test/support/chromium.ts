// The headless Chromium the browser tests drive: @sparticuz/chromium's (a pinned devDependency: a headless Chromium
// inside the npm package, so `npm install` is the whole set-up, with no browser download and no system package), or
// the binary CHROMIUM_PATH names (e.g. /usr/bin/chromium). It never skips: a browser that does not start fails the test.
//
// @sparticuz/chromium unpacks itself to the fixed path $TMPDIR/chromium and, once that path exists, takes it as
// unpacked. Two test files unpacking at once would each see the other's half-written binary, so the Node suite
// unpacks it once before any file runs (chromium.global.ts); a file then only finds it.
import sparticuz from "@sparticuz/chromium";

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
