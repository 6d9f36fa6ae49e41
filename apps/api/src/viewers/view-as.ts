import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ORGANISER, SPECTATOR, type Viewer, playerViewer, Optional } from '@app/games';
import { errorBody } from '../errors/error-body';
import type { Caller } from '@app/games';
import { TokenRefused } from './presented-token';

/** The views of a game: everything, one player's, or the public one (no token). */
export const VIEWS = ['organiser', 'red', 'blue', 'public'] as const;
export type ViewName = (typeof VIEWS)[number];

/** `?as=`: the view the organiser asks for instead of its own. */
export const VIEW_AS_QUERY = 'as';

export function viewerOfView(view: ViewName): Viewer {
  if (view === 'organiser') return ORGANISER;
  if (view === 'public') return SPECTATOR;
  return playerViewer(view);
}

export function viewNameOf(viewer: Viewer): ViewName {
  if (viewer.role === 'organiser') return 'organiser';
  if (viewer.role === 'player') return viewer.colour;
  return 'public';
}

/**
 * The view `?as=` asks for, or undefined when none is asked. Only the organiser may ask: it sees everything, so any
 * view is its to see. A player's token only ever shows that player's view (403), and no token the public one (401),
 * whatever the query says; a view that is none of the four is a 400 naming the parameter.
 */
export function requestedView(query: Record<string, unknown>, caller: Caller, allowed: boolean): ViewName | undefined {
  const given = query[VIEW_AS_QUERY];
  if (given === undefined) return undefined;
  if (!allowed) throw new BadRequestException(errorBody(400, [`${VIEW_AS_QUERY} is not taken by this endpoint`]));
  if (typeof given !== 'string' || !(VIEWS as readonly string[]).includes(given)) {
    throw new BadRequestException(errorBody(400, [`${VIEW_AS_QUERY} must be one of ${VIEWS.join(', ')}`]));
  }
  if (caller.kind === 'anonymous') {
    throw new TokenRefused(`only the organiser may choose a view with ?${VIEW_AS_QUERY}=: send its token`);
  }
  if (caller.kind === 'player') {
    throw new ForbiddenException(
      errorBody(
        403,
        `only the organiser may choose a view with ?${VIEW_AS_QUERY}=: a player's token shows its own view`,
      ),
    );
  }
  return given as ViewName;
}

/** `?as=` in a query DTO (the guard has checked it already; this documents it and lets it through). */
export function ViewAsQuery(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      enum: VIEWS,
      description:
        'The organiser only: answer as this viewer sees the game (`red`, `blue`, `public`), exactly as that ' +
        'viewer’s own token would. Any other caller asking is refused (401 without a token, 403 with a player’s).',
    }),
    IsIn(VIEWS),
    Optional(),
  );
}
