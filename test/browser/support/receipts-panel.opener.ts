import type { Page, Request, Response } from 'playwright-core';
import { waitForSettledChain } from './settled-chain.wait';

/**
 * Opens the replay page's receipts panel as a person does (a click on its summary) and waits for its first receipt.
 * The click waits for the causal chain above the panel to settle (`waitForSettledChain`), and so does the return:
 * a receipt of the selected event names it in the event's details, which moves what lies below.
 * If none shows, the error says what the page had: whether the chain was still busy, whether the panel is open, its
 * status line, and what became of the receipts requests the page made meanwhile.
 */
export async function openReceiptsPanel(page: Page, timeout?: number): Promise<void> {
  const requests: string[] = [];
  const started = Date.now();
  const at = () => `${Date.now() - started} ms`;
  const receiptsRequest = (url: string) => new URL(url).pathname.endsWith('/receipts');
  const onRequest = (request: Request) => {
    if (receiptsRequest(request.url())) requests.push(`${at()} asked ${request.url()}`);
  };
  const onResponse = (response: Response) => {
    if (receiptsRequest(response.url())) requests.push(`${at()} answered ${response.status()}`);
  };
  const onFailed = (request: Request) => {
    if (receiptsRequest(request.url())) requests.push(`${at()} failed: ${request.failure()?.errorText}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await waitForSettledChain(page, timeout);
    await page.getByTestId('receipts-panel').locator('summary').click();
    await page.locator('[data-testid="receipts"] li[data-testid^="receipt-"]').first().waitFor({ timeout });
    await waitForSettledChain(page, timeout);
  } catch (error) {
    const open = await page.getByTestId('receipts-panel').evaluate((panel) => panel.hasAttribute('open'));
    const status = await page.getByTestId('receipts-status').textContent();
    const items = await page.locator('[data-testid="receipts"] li').count();
    const chainBusy = await page.getByTestId('causal-chain').evaluate((chain) => chain.hasAttribute('aria-busy'));
    throw new Error(
      `no receipt shown after ${at()}: causal chain ${chainBusy ? 'busy' : 'settled'}, ` +
        `panel ${open ? 'open' : 'closed'}, status "${status}", ${items} items; ` +
        `receipts requests: ${requests.length === 0 ? 'none' : requests.join('; ')}\n${String(error)}`,
    );
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
}
