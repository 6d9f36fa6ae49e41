import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The example a link's schema shows, each kind of link its own. */
interface LinkedEventExample {
  revision: number;
  type: string;
  rule: string | null;
  step: string | null;
  data: Record<string, unknown>;
}

/** The fields every link to an event has (a class per example, which the links' schemas take in as their own). */
function linkedEventDto(example: LinkedEventExample) {
  class LinkedEventDto {
    @ApiProperty({ example: example.revision })
    revision!: number;

    @ApiProperty({ example: example.type })
    type!: string;

    @ApiProperty({ type: 'string', nullable: true, example: example.rule })
    rule!: string | null;

    @ApiProperty({ type: 'string', nullable: true, example: example.step })
    step!: string | null;

    @ApiProperty({ type: 'object', additionalProperties: true, example: example.data })
    data!: Record<string, unknown>;
  }
  return LinkedEventDto;
}

const MINION_DIED_EXAMPLE: LinkedEventExample = {
  revision: 19,
  type: 'MinionDied',
  rule: 'E2',
  step: 'E2',
  data: { minionId: 'b-archer', category: 'dies' },
};

export class OrderLinkDto extends linkedEventDto({
  revision: 7,
  type: 'SpellTargeted',
  rule: 'S3',
  step: null,
  data: { orderId: 'order.1', player: 'red' },
}) {
  @ApiProperty({ example: 'turn-1/red/0', description: 'The command that placed the order.' })
  commandId!: string;
}

export class ReasonLinkDto extends linkedEventDto(MINION_DIED_EXAMPLE) {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Why that event happened: its own chain (CausationLink), itself first, back to its command.',
  })
  chain!: Record<string, unknown>[];
}

export class CausationLinkDto extends linkedEventDto(MINION_DIED_EXAMPLE) {
  @ApiPropertyOptional({
    type: OrderLinkDto,
    description: 'On a SpellExecuting or AttackExecuting: the order it carries out.',
  })
  order?: OrderLinkDto;

  @ApiPropertyOptional({
    type: ReasonLinkDto,
    description:
      'On a SpellSquandered or an AttackFizzled: the event that made its reason true (`data.reasonEventId`, e.g. the ' +
      'MinionDied that made the target dead), with its own chain. `causationId` stays the execution.',
  })
  because?: ReasonLinkDto;
}

export class CausingCommandDto {
  @ApiProperty({ example: 'turn-1/blue/confirm' })
  commandId!: string;

  @ApiProperty({ example: 'turn-1/blue/confirm' })
  correlationId!: string;

  @ApiProperty({ type: 'string', nullable: true, example: 'ConfirmOrders' })
  type!: string | null;
}

export class EventCausationResponseDto {
  @ApiProperty({ example: 'g-3f9c0a1b2c3d4e5f' })
  gameId!: string;

  @ApiProperty({ example: 19 })
  revision!: number;

  @ApiProperty({
    type: [CausationLinkDto],
    description: 'From the event back to the first event of its command, following metadata.causationId.',
  })
  chain!: CausationLinkDto[];

  @ApiProperty({ type: CausingCommandDto })
  command!: CausingCommandDto;
}
