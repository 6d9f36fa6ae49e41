import { ApiProperty } from '@nestjs/swagger';

export class GlobalEventsResponseDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description:
      '`{gameId, position, revision, type, data, metadata, released?, recordedAt}` per event, each game as its own ' +
      'stream shows it to this caller (the lines of `GET /events/stream`).',
  })
  events!: object[];

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 1000,
    description: 'The position of the last event this page read: the next page’s `after` (null: nothing read).',
  })
  lastPosition!: number | null;

  @ApiProperty({ description: 'Whether the page was full: more events may follow at once.' })
  more!: boolean;
}
