import { Module } from '@nestjs/common';
import { CliProgram } from './cli-program';
import { PlayCommand } from './play/play.command';
import { REPLAY_PROVIDERS } from './replay/replay.providers';
import { RulesCommand } from './rules/rules.command';
import { ScenarioFileReader } from './scenario-file.reader';
import { SimulateCommand } from './simulate.command';
import { TRANSFER_PROVIDERS } from './transfer/transfer.providers';
import { VerifyCommand } from './verify.command';
import { RotateReceiptKeyCommand } from './receipts/rotate-receipt-key.command';
import { VerifyReceiptCommand } from './receipts/verify-receipt.command';
import { VerifyProofCommand } from './receipts/verify-proof.command';

/** The `sanctum` command line as a Nest application context (nest-commander discovers the commands). */
@Module({
  providers: [
    CliProgram,
    PlayCommand,
    ScenarioFileReader,
    SimulateCommand,
    ...REPLAY_PROVIDERS,
    RulesCommand,
    ...TRANSFER_PROVIDERS,
    VerifyCommand,
    VerifyReceiptCommand,
    VerifyProofCommand,
    RotateReceiptKeyCommand,
  ],
})
export class CliModule {}
