import { type Attributes, type Span, type SpanContext, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { RecentEntriesCache } from '../caching/recent-entries.cache';

/** How many recorded revisions keep the span that appended them (for the delivery spans of event streams). */
const REMEMBERED_REVISIONS = 50_000;

let tracer: Tracer | undefined;
let appendedBy: RecentEntriesCache<string, SpanContext> | undefined;

/**
 * Turns the games layer's spans on (the service does when OTEL_EXPORTER_OTLP_ENDPOINT is set). Until then every
 * span below is one comparison and a direct call: nothing of OpenTelemetry runs.
 */
export function traceGamesWith(given: Tracer | undefined): void {
  tracer = given;
  appendedBy = given === undefined ? undefined : new RecentEntriesCache(REMEMBERED_REVISIONS);
}

export function gameTracingEnabled(): boolean {
  return tracer !== undefined;
}

/** Runs `work` inside a span (the active one's child), ended when `work` returns or settles; a failure is recorded. */
export function inGameSpan<T>(name: string, attributes: Attributes, work: (span: Span | undefined) => T): T {
  if (tracer === undefined) return work(undefined);
  return tracer.startActiveSpan(name, { attributes }, (span) => {
    const failed = (error: unknown) => {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    };
    try {
      const result = work(span);
      if (result instanceof Promise) {
        return result.then((value: unknown) => {
          span.end();
          return value;
        }, failed) as T;
      }
      span.end();
      return result;
    } catch (error) {
      return failed(error);
    }
  });
}

/** Remembers which span appended a game's revisions `from`..`to`, so that their delivery can be its child. */
export function rememberAppendSpan(gameId: string, from: number, to: number, span: Span | undefined): void {
  if (appendedBy === undefined || span === undefined) return;
  const context = span.spanContext();
  for (let revision = from; revision <= to; revision += 1) appendedBy.remember(`${gameId}@${revision}`, context);
}

/** The span that appended this revision of the game, if this process did (recently). */
export function appendSpanOf(gameId: string, revision: number): SpanContext | undefined {
  return appendedBy?.get(`${gameId}@${revision}`);
}
