import type { MessageEvent } from '@nestjs/common';
import { SpanKind, context, trace } from '@opentelemetry/api';
import { type MonoTypeOperatorFunction, Observable } from 'rxjs';
import { appendSpanOf, gameTracingEnabled } from '@app/games';
import type { ServiceMetrics, StreamKind } from './service-metrics';

interface DeliveredLine {
  gameId?: string;
  revision?: number;
  recordedAt?: string;
}

/**
 * Counts an event stream's client while it is subscribed and measures each event's delivery lag; with tracing on,
 * each delivered event is an `sse delivery` span, the child of the span that appended it where this process did.
 */
export function observeDelivery(
  metrics: ServiceMetrics | undefined,
  stream: StreamKind,
  gameId?: string,
): MonoTypeOperatorFunction<MessageEvent> {
  const tracer = gameTracingEnabled() ? trace.getTracer('sanctum-chronicle') : undefined;
  if (metrics === undefined && tracer === undefined) return (events) => events;
  return (events) =>
    new Observable<MessageEvent>((subscriber) => {
      const closed = metrics?.streamOpened(stream);
      const subscription = events.subscribe({
        next: (message) => {
          // A named event (the stream's `caught-up`) delivers no stored event.
          if (message.type !== undefined) return subscriber.next(message);
          const line = message.data as DeliveredLine;
          metrics?.delivered(stream, line.recordedAt);
          const game = line.gameId ?? gameId;
          if (tracer !== undefined && game !== undefined && typeof line.revision === 'number') {
            const appended = appendSpanOf(game, line.revision);
            const parent = appended ? trace.setSpanContext(context.active(), appended) : context.active();
            tracer
              .startSpan(
                'sse delivery',
                {
                  kind: SpanKind.PRODUCER,
                  attributes: { 'sanctum.game_id': game, 'sanctum.revision': line.revision, 'sanctum.stream': stream },
                },
                parent,
              )
              .end();
          }
          subscriber.next(message);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        subscription.unsubscribe();
        closed?.();
      };
    });
}
