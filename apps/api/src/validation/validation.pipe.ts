import { BadRequestException, ValidationPipe } from '@nestjs/common';
import { SCENARIO_VALIDATION } from '@app/games';
import { requestProblems } from './validation-problems';

/**
 * The global ValidationPipe: unknown fields are refused (not silently dropped), one message per field, and the
 * 400 lists every problem with its path (`attack.victim is required`), like a scenario file's problems.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...SCENARIO_VALIDATION,
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({ statusCode: 400, error: 'Bad Request', message: requestProblems(errors) }),
  });
}
