import type { Page } from 'playwright-core';

/**
 * Waits until the replay page's causal chain has drawn the last chain of the selection (it is `aria-busy` until then).
 * Each draw moves the panels below it (the judge's notes, the receipts), and a click on one of their summaries whose
 * press and release fall on either side of a draw lands on two different elements and opens nothing: Playwright
 * checks where the press lands, not the release. Clicks there wait for this first.
 */
export async function chainSettled(page: Page, timeout?: number): Promise<void> {
  await page.locator('[data-testid="causal-chain"]:not([aria-busy])').waitFor({ state: 'attached', timeout });
}
