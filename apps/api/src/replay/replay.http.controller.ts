import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { GameReads } from '@app/games';
import { SETUP_ID } from '@app/rules';
import { errorBody } from '../errors/error-body';
import { REPLAY_VERIFIER_FILE } from '../verify/replay-verifier.file';
import { ReplayVerifierSource } from '../verify/replay-verifier.source';
import { Access } from '../viewers/access.decorator';
import { PAGE_CSP } from './page-csp';
import { JAVASCRIPT, ReplayAssets } from './replay-assets';

function send(response: Response, status: number, contentType: string, body: string): void {
  response
    .status(status)
    .set({
      'Content-Type': contentType,
      // Revalidated every time (Express answers 304 on a matching ETag): a restarted service serves its new files.
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(contentType.startsWith('text/html') ? { 'Content-Security-Policy': PAGE_CSP } : {}),
    })
    .send(body);
}

/**
 * The replay viewer (docs/design.md: `/replay/:id`): one HTML page, one script and one style sheet. The page
 * reads the game through the public API (`/games/:id/events`, `/state?at=`, the SSE stream); nothing here knows
 * the game beyond whether it exists. Not part of the OpenAPI document (it is not an API).
 */
@ApiExcludeController()
// The page and its files hold nothing of any game: its script reads the game with the token of the URL's fragment.
@Access('public')
@Controller('replay')
export class ReplayHttpController {
  constructor(
    private readonly reads: GameReads,
    private readonly assets: ReplayAssets,
    private readonly verifier: ReplayVerifierSource,
  ) {}

  @Get('assets/:file')
  async asset(@Param('file') name: string, @Res() response: Response): Promise<void> {
    // The verifier the Verify action imports: built from the verifier's sources, not a file of the page's folder.
    if (name === REPLAY_VERIFIER_FILE) {
      send(response, 200, JAVASCRIPT, await this.verifier.get());
      return;
    }
    const file = this.assets.file(name);
    if (file === undefined) {
      response.status(404).json(errorBody(404, `no replay asset "${name}"`));
      return;
    }
    send(response, 200, file.contentType, file.body);
  }

  @Get(':id')
  async page(@Param('id') gameId: string, @Res() response: Response): Promise<void> {
    const html = 'text/html; charset=utf-8';
    if (!SETUP_ID.test(gameId)) {
      const why = `"${gameId}" is not a valid game id (letters, digits, _ and -, starting with a letter).`;
      send(response, 400, html, this.assets.notFoundPage(why));
      return;
    }
    // An unavailable store throws here, before anything is sent: the error filter answers 503 as everywhere.
    if (!(await this.reads.exists(gameId))) {
      send(response, 404, html, this.assets.notFoundPage(`There is no game "${gameId}".`));
      return;
    }
    send(response, 200, html, this.assets.page(gameId));
  }
}
