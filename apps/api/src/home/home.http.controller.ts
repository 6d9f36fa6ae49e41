import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { GameReads } from '@app/games';
import { PAGE_CSP } from '../replay/page-csp';
import { Access } from '../viewers/access.decorator';
import { homePage } from './home-page.html';

/**
 * `GET /`: what someone opening the service's address finds — the games with links to their replay pages (and,
 * for a client asking for JSON, the same list with each replay page's path). Public, like `GET /games`.
 */
@ApiExcludeController()
@Access('public')
@Controller()
export class HomeHttpController {
  constructor(private readonly reads: GameReads) {}

  @Get()
  async home(@Req() request: Request, @Res() response: Response): Promise<void> {
    const games = await this.reads.summaries();
    response.vary('Accept');
    if (request.accepts(['text/html', 'application/json']) === 'application/json') {
      response.json({
        games: games.map((game) => ({ ...game, replay: `/replay/${encodeURIComponent(game.gameId)}` })),
        docs: '/docs',
        rules: '/rules',
      });
      return;
    }
    response
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': PAGE_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      })
      .send(homePage(games));
  }
}
