import { ApiPropertyOptional } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { Optional } from '@app/games';
import { ViewAsQuery, type ViewName } from '../viewers/view-as';

/** `GET /games/:id/receipts?commandId=`: the receipt of one command (an empty list when the caller may see none). */
export class GameReceiptsQueryDto {
  @ApiPropertyOptional({ description: 'Only this command’s receipt (1–64 printable ASCII characters).' })
  @Matches(/^[\x21-\x7e]{1,64}$/, { message: 'commandId must be 1 to 64 printable ASCII characters without spaces' })
  @Optional()
  commandId?: string;

  @ViewAsQuery()
  as?: ViewName;
}
