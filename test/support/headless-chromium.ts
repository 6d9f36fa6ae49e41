import * as fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, which the browser tests drive (`.ci/run` installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/** `describe` where Chromium is installed; elsewhere the suite is listed as skipped, saying why. */
export const describeInBrowser: (name: string, body: () => void) => void = fs.existsSync(CHROMIUM)
  ? describe
  : (name, body) => describe.skip(`${name} (skipped: ${CHROMIUM} is absent)`, body);

/**
 * A headless Chromium that reaches nothing but the pages a test sends it to: no sync, component updates, QUIC or
 * other background requests (traffic stays on this machine), no sandbox (tests run as root here), no GPU.
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
