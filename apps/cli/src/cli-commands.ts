import type { Provider } from '@nestjs/common';
import { ScenarioFileReader } from './scenario-file.reader';

/** What one command registers when it runs: its runner and what the runner injects. */
type CommandProviders = () => Promise<Provider[]>;

/**
 * Every command of `sanctum`, by the name it is typed with, each loaded only when asked for: a command starts with
 * the files it uses, not every command's (a verification should not load the scenario parser, nor a replay the
 * receipt-key rotation).
 */
export const CLI_COMMANDS: ReadonlyMap<string, CommandProviders> = new Map<string, CommandProviders>([
  ['simulate', async () => [(await import('./simulate.command')).SimulateCommand, ScenarioFileReader]],
  ['play', async () => [(await import('./play/play.command')).PlayCommand, ScenarioFileReader]],
  ['replay', async () => [(await import('./replay/replay.command')).ReplayCommand, ScenarioFileReader]],
  ['rules', async () => [(await import('./rules/rules.command')).RulesCommand]],
  ['verify', async () => [(await import('./verify.command')).VerifyCommand, ScenarioFileReader]],
  ['export', async () => [(await import('./transfer/export.command')).ExportCommand]],
  ['import', async () => [(await import('./transfer/import.command')).ImportCommand]],
  ['verify-receipt', async () => [(await import('./receipts/verify-receipt.command')).VerifyReceiptCommand]],
  ['verify-proof', async () => [(await import('./receipts/verify-proof.command')).VerifyProofCommand]],
  ['rotate-receipt-key', async () => [(await import('./receipts/rotate-receipt-key.command')).RotateReceiptKeyCommand]],
]);
