import { ApiProperty } from '@nestjs/swagger';

export class SigningKeyDto {
  @ApiProperty({ description: 'The first 16 characters of base64url(sha256(SPKI DER)).' })
  keyId!: string;

  @ApiProperty({ description: 'Ed25519 public key, SPKI PEM.', example: '-----BEGIN PUBLIC KEY-----\n…' })
  publicKey!: string;

  @ApiProperty({
    description:
      'The same key as a C2SP verifier key, `<name>+<hex key ID>+<base64(0x01 ‖ key)>`, named after the tournament ' +
      'log’s origin: what tools such as golang.org/x/mod/sumdb/note open the log’s checkpoints with.',
    example: 'localhost/sanctum-log+1a2b3c4d+AR…',
  })
  vkey!: string;
}

export class SigningKeysResponseDto {
  @ApiProperty({
    type: [SigningKeyDto],
    description: 'The key that signs now first, then every key that signed before a rotation.',
  })
  keys!: SigningKeyDto[];
}
