import { ApiProperty } from '@nestjs/swagger';

export class RevisionResponseDto {
  @ApiProperty({ description: 'The game stream’s last revision after the command.', example: 8 })
  revision!: number;
}
