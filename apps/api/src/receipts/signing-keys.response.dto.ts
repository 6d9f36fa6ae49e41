import { ApiProperty } from '@nestjs/swagger';

export class SigningKeyDto {
  @ApiProperty({ description: 'The first 16 characters of base64url(sha256(SPKI DER)).' })
  keyId!: string;

  @ApiProperty({ description: 'Ed25519 public key, SPKI PEM.', example: '-----BEGIN PUBLIC KEY-----\n…' })
  publicKey!: string;
}

export class SigningKeysResponseDto {
  @ApiProperty({
    type: [SigningKeyDto],
    description: 'The key that signs now first, then every key that signed before a rotation.',
  })
  keys!: SigningKeyDto[];
}
