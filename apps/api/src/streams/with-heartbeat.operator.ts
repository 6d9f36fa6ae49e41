import type { MessageEvent } from '@nestjs/common';
import { Observable, type OperatorFunction } from 'rxjs';

/**
 * Adds an SSE comment line every `ms` while the stream is open: clients ignore it, but proxies and load
 * balancers see traffic on a quiet game and keep the connection. Ends (and stops the timer) with the source.
 */
export function withHeartbeat(ms: number): OperatorFunction<MessageEvent, MessageEvent> {
  return (source) =>
    ms <= 0
      ? source
      : new Observable<MessageEvent>((subscriber) => {
          const timer = setInterval(() => subscriber.next({ comment: '' }), ms);
          timer.unref();
          const subscription = source.subscribe(subscriber);
          return () => {
            clearInterval(timer);
            subscription.unsubscribe();
          };
        });
}
