import {
  BadRequestException,
  HttpException,
  Inject,
  Injectable,
  mixin,
  type NestMiddleware,
  PayloadTooLargeException,
  type Type,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { json, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { errorBody } from '../errors/error-body';
import { jsonShapeProblems } from '@app/games';
import { type JsonBodyBounds, jsonTextBoundsProblem } from './json-body.bounds';

const NOT_AN_OBJECT = '(request) must be a JSON object';
const OUT_OF_BOUNDS = 'entity.out.of.bounds';

/** What Express's body parser throws (http-errors): a status, a type, and a message safe to show. */
interface BodyParserError {
  status?: number;
  type?: string;
  expose?: boolean;
  limit?: number;
  message: string;
}

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The parser's errors as the API's own: the filter then answers them like every other error. */
function toHttpException(error: BodyParserError): HttpException | BodyParserError {
  switch (error.type) {
    case 'entity.parse.failed':
      return new BadRequestException(errorBody(400, `the body is not valid JSON: ${error.message}`));
    case OUT_OF_BOUNDS:
      return new BadRequestException(errorBody(400, [error.message]));
    case 'entity.too.large':
      return new PayloadTooLargeException(errorBody(413, `the body is larger than the limit of ${error.limit} bytes`));
    default:
      if (error.expose && error.status !== undefined)
        return new HttpException(errorBody(error.status, error.message), error.status);
      return error;
  }
}

/** Refuses, before it is parsed, a body text past the bounds (body-parser's `verify` hook). */
function checkBounds(
  bounds: JsonBodyBounds,
): (request: Request, response: Response, raw: Buffer, encoding: string) => void {
  return (_request, _response, raw, encoding) => {
    const utf8 = encoding === 'utf-8' ? raw : Buffer.from(new TextDecoder(encoding).decode(raw), 'utf8');
    const problem = jsonTextBoundsProblem(utf8, bounds);
    if (problem !== null) throw Object.assign(new Error(problem), { status: 400, expose: true, type: OUT_OF_BOUNDS });
  };
}

/**
 * Request bodies are JSON, up to the configured limit (a larger one is refused with 413 before it is read whole),
 * and within the route's bounds of shape (json-body.bounds.ts: refused with 400 before any validator runs). A body
 * of another media type is refused with 415 rather than read as "no body", which would report every field
 * missing. A Nest middleware (not a bare `app.use`) so that it runs after the request logger, and refused bodies
 * are logged like every other request; one class per set of bounds, applied to its routes in AppModule.
 */
export function JsonBodyMiddleware(bounds: JsonBodyBounds): Type<NestMiddleware> {
  @Injectable()
  class JsonBody implements NestMiddleware {
    private readonly parse: RequestHandler;

    constructor(@Inject(API_CONFIG) config: ApiConfig) {
      this.parse = json({ limit: config.bodyLimit, verify: checkBounds(bounds) });
    }

    use(request: Request, response: Response, next: NextFunction): void {
      if (hasBody(request) && !request.is(['application/json', '+json'])) {
        next(
          new UnsupportedMediaTypeException(errorBody(415, 'send the body as JSON (Content-Type: application/json)')),
        );
        return;
      }
      this.parse(request, response, (error?: unknown) => {
        if (error !== undefined) return next(toHttpException(error as BodyParserError));
        // Every body this API takes is an object; an array would otherwise be validated as one, key by key.
        if (Array.isArray(request.body)) return next(new BadRequestException(errorBody(400, [NOT_AN_OBJECT])));
        // Refused here, before any validator recurses into the body or silently drops a reserved key.
        const unsafe = jsonShapeProblems(request.body);
        if (unsafe.length > 0) return next(new BadRequestException(errorBody(400, unsafe)));
        next();
      });
    }
  }
  return mixin(JsonBody);
}
