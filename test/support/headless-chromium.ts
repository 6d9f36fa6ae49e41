import * as fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, which the browser tests and benchmarks drive (`.ci/run` installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether this machine has it: the browser tests are skipped without it, the browser benchmarks refuse to run. */
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);

/**
 * A headless Chromium that reaches nothing but the pages it is sent to: no sync, component updates, QUIC or
 * other background requests (traffic stays on this machine), no sandbox (the tests run as root here), no GPU.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
