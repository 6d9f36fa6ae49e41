import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Access } from '../viewers/access.decorator';
import { VERIFY_PAGE_FILE } from './verify-page.file';
import { VerifyPageSource } from './verify-page.source';

/**
 * The offline verifier (`GET /verify`, and `GET /verify/sanctum-verify.html` to keep it): one HTML file that checks
 * a game's export, receipts, keys and proofs of the log with the same code as `sanctum verify`, in the browser,
 * reaching no network — its own content security policy forbids it, here and opened from disk. Public: it holds
 * nothing of any game. Not part of the OpenAPI document (it is not an API).
 */
@ApiExcludeController()
@Access('public')
@Controller('verify')
export class VerifyPageHttpController {
  constructor(private readonly source: VerifyPageSource) {}

  @Get()
  async page(@Res() response: Response): Promise<void> {
    await this.send(response, 'inline');
  }

  @Get(VERIFY_PAGE_FILE)
  async download(@Res() response: Response): Promise<void> {
    await this.send(response, 'attachment');
  }

  private async send(response: Response, disposition: 'inline' | 'attachment'): Promise<void> {
    const { html, csp } = await this.source.get();
    response
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Disposition': `${disposition}; filename="${VERIFY_PAGE_FILE}"`,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        // The page's own policy, and what only a header can say: no one may frame it.
        'Content-Security-Policy': `${csp}; frame-ancestors 'none'`,
      })
      .send(html);
  }
}
