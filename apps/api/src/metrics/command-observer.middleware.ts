import { type Span, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { gameTracingEnabled } from '@app/games';
import type { ServiceMetrics } from './service-metrics';

/** Requests that may record something: the commands. Reads are not counted here. */
const COMMAND_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route pattern Express matched (`/games/:id/orders`), never the path itself: a bounded label. */
function routeOf(request: Request): string {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : 'unmatched';
}

function gameIdOf(request: Request): string | undefined {
  const fromPath = (request.params as Record<string, unknown> | undefined)?.id;
  if (typeof fromPath === 'string') return fromPath;
  const fromBody = (request.body as { gameId?: unknown } | undefined)?.gameId;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/**
 * Observes every command: when it is answered, its route pattern, outcome and duration go to the metrics; with
 * tracing on, the command runs inside a `command` span (a child of the HTTP request's span), which decide and
 * append spans nest under, and which carries the game id once the route is known.
 */
export function commandObserver(metrics: ServiceMetrics | undefined) {
  const tracer = gameTracingEnabled() ? trace.getTracer('sanctum-chronicle') : undefined;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!COMMAND_METHODS.has(request.method)) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    const span: Span | undefined = tracer?.startSpan(`command ${request.method}`);
    response.once('finish', () => {
      const route = routeOf(request);
      metrics?.command(request.method, route, response.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      if (span === undefined) return;
      span.updateName(`command ${request.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', response.statusCode);
      const gameId = gameIdOf(request);
      if (gameId !== undefined) span.setAttribute('sanctum.game_id', gameId);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    if (span === undefined) {
      next();
      return;
    }
    // The route's own spans (decide, append) are this one's children.
    context.with(trace.setSpan(context.active(), span), next);
  };
}
