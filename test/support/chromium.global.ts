// Vitest global setup of the Node suite: the browser tests' Chromium unpacked once, before test files run side by
// side (why: test/support/chromium.ts).
import { unpackChromium } from "./chromium";

export default async function setup(): Promise<void> {
  await unpackChromium();
}
