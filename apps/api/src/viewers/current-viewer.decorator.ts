import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Viewer } from '@app/games';
import { ANONYMOUS, type Caller, viewerIn } from '@app/games';
import { viewerOfView } from './view-as';
import { CALLER, VIEW_AS, type RequestWithCaller } from './viewer.guard';

function callerOf(context: ExecutionContext): Caller {
  return context.switchToHttp().getRequest<RequestWithCaller>()[CALLER] ?? ANONYMOUS;
}

/**
 * Who is looking at the game in the path (`:id`), as ViewerGuard found from the token: the view the organiser
 * asked for with `?as=` (a red view is red's exactly), else the token's own.
 */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  const request = context.switchToHttp().getRequest<RequestWithCaller>();
  const asked = request[VIEW_AS];
  return asked !== undefined ? viewerOfView(asked) : viewerIn(callerOf(context), String(request.params.id));
});

/** Who sent the request, for endpoints over every game (the global stream): a Viewer per game follows from it. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): Caller =>
  callerOf(context),
);
