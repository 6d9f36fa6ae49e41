import { trace } from '@opentelemetry/api';
import { traceGamesWith } from '@app/games';

/** Whether traces are asked for: OTLP's own settings, as every OpenTelemetry SDK reads them. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';
}

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set:
 * spans of every HTTP request (instrumentation-http, which reads a caller's `traceparent`), of each command and
 * its decide and append, and of each event delivered to an SSE client, exported over OTLP/HTTP in batches
 * (OTEL_SERVICE_NAME, default sanctum-chronicle; the exporter reads the other OTEL_EXPORTER_OTLP_* settings).
 * Without it nothing of the SDK is even loaded. Runs before Express and Nest's HTTP platform are loaded (main.ts
 * imports this first): instrumentation-http wraps the `http` module when they require it. Returns the flush for
 * shutdown.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): (() => Promise<void>) | undefined {
  if (!tracingRequested(env)) return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when asked for */
  const { NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } =
    require('@opentelemetry/semantic-conventions') as typeof import('@opentelemetry/semantic-conventions');
  const { registerInstrumentations } =
    require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || 'sanctum-chronicle' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({ instrumentations: [new HttpInstrumentation()] });
  traceGamesWith(trace.getTracer('sanctum-chronicle'));
  return () => provider.shutdown();
}
