import type { Page } from 'playwright-core';

/**
 * Waits until the replay page's causal chain has drawn the last chain of the selected event (it is `aria-busy`
 * until then; before anything is selected, until it is not busy). Each draw moves the panels below it (the judge's
 * notes, the receipts), and a click on one of their summaries whose press and release fall on either side of a draw
 * lands on two different elements and opens nothing: Playwright checks where the press lands, not the release.
 * Clicks there wait for this first.
 */
export async function waitForSettledChain(page: Page, timeout?: number): Promise<void> {
  const selected = (await page.getByTestId('revision').textContent())?.trim() ?? '';
  const at = /^\d+$/.test(selected) ? `[data-revision="${selected}"]` : '';
  await page.locator(`[data-testid="causal-chain"]${at}:not([aria-busy])`).waitFor({ state: 'attached', timeout });
}
