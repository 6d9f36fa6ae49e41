import { InvalidArgumentError } from 'commander';
import { ORGANISER, SPECTATOR, playerViewer } from '@app/games';
import { ReplayCommand } from './replay.command';

describe('replay --as: the views of the API and the page, by the same names', () => {
  const command = new ReplayCommand(undefined as never);

  it.each([
    ['organiser', ORGANISER],
    ['red', playerViewer('red')],
    ['blue', playerViewer('blue')],
    ['public', SPECTATOR],
    ['spectator', SPECTATOR],
  ])('%s', (name, viewer) => {
    expect(command.parseAs(name)).toEqual(viewer);
  });

  it('refuses another name, naming the ones it takes', () => {
    expect(() => command.parseAs('judge')).toThrow(new InvalidArgumentError('must be organiser, red, blue or public'));
  });
});
