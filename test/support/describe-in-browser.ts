import { CHROMIUM, HAS_CHROMIUM } from './headless-chromium';

/** `describe` where Chromium is installed; elsewhere the suite is listed as skipped, saying why. */
export const describeInBrowser: (name: string, body: () => void) => void = HAS_CHROMIUM
  ? describe
  : (name, body) => describe.skip(`${name} (skipped: ${CHROMIUM} is absent)`, body);
