import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RULES_REFERENCE, type RuleEntry, ruleEntry } from '@app/games';
import { errorBody } from '../errors/error-body';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { PAGE_CSP } from '../replay/page-csp';
import { Access } from '../viewers/access.decorator';
import { RuleEntryResponseDto, RulesReferenceResponseDto } from './rule-entry.response.dto';
import { rulesPage } from './rules-page.html';

/** Whether the request would rather have a page than JSON (a browser following a link). */
function wantsPage(request: Request): boolean {
  return request.query.format === 'html' || request.accepts(['application/json', 'text/html']) === 'text/html';
}

/**
 * The rules reference (libs/games rules-reference.ts): `GET /rules` and `GET /rules/:id`, as JSON, or as a page when
 * the request prefers HTML (`Accept: text/html`, or `?format=html`). Public: the rules are nobody's secret.
 */
@ApiTags('rules')
@Access('public')
@Controller('rules')
export class RulesHttpController {
  @Get()
  @ApiOperation({ summary: 'Every rule id the engine cites, what it says, and the rulebook page it comes from' })
  @ApiProduces('application/json', 'text/html')
  @ApiOkResponse({ type: RulesReferenceResponseDto })
  all(@Req() request: Request, @Res() response: Response): void {
    this.answer(request, response, RULES_REFERENCE, 'Sanctum rules reference', () => ({ rules: RULES_REFERENCE }));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One rule of the reference (`D2`, `E1.1`, `A`; any case)' })
  @ApiParam({ name: 'id', example: 'D2' })
  @ApiProduces('application/json', 'text/html')
  @ApiOkResponse({ type: RuleEntryResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No rule has this id.' })
  one(@Param('id') id: string, @Req() request: Request, @Res() response: Response): void {
    const entry = ruleEntry(id);
    if (entry === undefined) {
      const known = RULES_REFERENCE.map((rule) => rule.id).join(', ');
      throw new NotFoundException(errorBody(404, `no rule "${id}": the rules are ${known}`));
    }
    this.answer(request, response, [entry], `Rule ${entry.id}: ${entry.title}`, () => entry);
  }

  private answer(
    request: Request,
    response: Response,
    entries: readonly RuleEntry[],
    title: string,
    json: () => unknown,
  ): void {
    response.vary('Accept');
    if (!wantsPage(request)) {
      response.json(json());
      return;
    }
    response
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': PAGE_CSP,
        'X-Content-Type-Options': 'nosniff',
      })
      .send(rulesPage(entries, title));
  }
}
