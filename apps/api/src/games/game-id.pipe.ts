import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { SETUP_ID } from '@app/rules';
import { errorBody } from '../errors/error-body';

/** `:id` in a path: a game id can only be what CreateGame accepts, so anything else is a malformed request. */
@Injectable()
export class GameIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!SETUP_ID.test(value)) {
      throw new BadRequestException(
        errorBody(400, [`id "${value}" is not a valid game id (letters, digits, _ and -, starting with a letter)`]),
      );
    }
    return value;
  }
}
