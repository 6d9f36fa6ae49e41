import { ApiProperty } from '@nestjs/swagger';
import { RevisionResponseDto } from './revision.response.dto';

export class ConfirmOrdersResponseDto extends RevisionResponseDto {
  @ApiProperty({
    description:
      'Whether this confirmation executed the turn (T2: the second one does). Its end-of-turn garbage collection ' +
      'follows as its own command (GarbageCollectionScheduled, then GarbageCollected).',
  })
  executed!: boolean;
}
