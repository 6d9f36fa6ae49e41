import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Optional } from '@app/games';

/**
 * `?token=` on the event streams only: an EventSource cannot send an Authorization header. Elsewhere the query
 * DTOs refuse it (400), so a token is not put into URLs (and logs) where a header would do. ViewerGuard reads it.
 */
export function TokenQuery(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      description:
        'The bearer token, for clients that cannot set an `Authorization` header (a browser’s EventSource). ' +
        'Prefer the header where possible: URLs end up in histories and proxy logs.',
    }),
    IsString(),
    Optional(),
  );
}
