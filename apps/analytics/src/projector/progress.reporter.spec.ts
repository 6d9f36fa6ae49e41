import { Logger } from '@nestjs/common';
import { EMPTY } from 'rxjs';
import { temporaryDirectory } from '../../../../libs/games/test/games-testing';
import { AnalyticsDatabase } from '../read-model/analytics.database';
import { AnalyticsSource } from '../source/analytics-source';
import { ProgressReporter } from './progress.reporter';

/** A source whose head answers only when the test says so, as a slow service would. */
class SlowHeadSource extends AnalyticsSource {
  readonly name = 'slow head';
  private answer: (head: number) => void = () => undefined;
  asked = 0;
  follow = () => EMPTY;
  async *pages(): AsyncIterable<never[]> {}
  headEvents(): Promise<number> {
    this.asked += 1;
    return new Promise((resolve) => (this.answer = resolve));
  }
  answerHead(head: number): void {
    this.answer(head);
  }
  isTransient = () => false;
}

describe('the analytics progress line', () => {
  const dir = temporaryDirectory();
  afterAll(() => dir.cleanup());

  it('says nothing once stopped, even when a head it asked for arrives after the database closed', async () => {
    const database = new AnalyticsDatabase(dir.path('progress.db'));
    const source = new SlowHeadSource();
    const lines: string[] = [];
    const log = jest
      .spyOn(Logger.prototype, 'log')
      .mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const reporter = new ProgressReporter(source, database, 5, () => undefined);
      while (source.asked === 0) await new Promise((resolve) => setTimeout(resolve, 5));

      source.answerHead(10);
      while (lines.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(lines[0]).toMatch(/^0 events applied, 0 events\/s, 10 behind the head \(10 events\), catching up;/);

      // The next beat's head is on its way when the consumer shuts down.
      while (source.asked < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      reporter.stop();
      database.close();
      source.answerHead(10);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toHaveLength(1);
    } finally {
      log.mockRestore();
      database.close();
    }
  });
});
