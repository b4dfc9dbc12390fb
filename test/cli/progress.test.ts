import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../src/cli/progress.ts';

/** Within a describe: fake timers, and what each test writes to stderr, which is a terminal or not, in the array returned. */
function capturedStderr(isTerminal: boolean): string[] {
  const written: string[] = [];
  const isTTY = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
  beforeEach(() => {
    vi.useFakeTimers();
    written.length = 0;
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => (written.push(String(text)), true));
    Object.defineProperty(process.stderr, 'isTTY', { value: isTerminal, configurable: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    if (isTTY === undefined) delete (process.stderr as { isTTY?: boolean }).isTTY;
    else Object.defineProperty(process.stderr, 'isTTY', isTTY);
  });
  return written;
}

describe('plain progress (stderr not a terminal)', () => {
  const lines = capturedStderr(false);

  it('times the games from the first update, as play starts, not from the vetting and loading before it', () => {
    const progress = createProgress('sim');
    vi.advanceTimersByTime(8000);
    progress.update(0, 100);
    vi.advanceTimersByTime(4000);
    progress.update(40, 100);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1000);
    progress.update(50, 100);
    expect(lines).toEqual(['sim: 50/100 games (50%), 10 games/s, ETA 5s\n']);
  });

  it('prints a line every five seconds at most, with a slow rate to one decimal and no time left before a game ends', () => {
    const progress = createProgress('run');
    progress.update(0, 100);
    vi.advanceTimersByTime(5000);
    progress.update(0, 100);
    vi.advanceTimersByTime(4000);
    progress.update(1, 100);
    vi.advanceTimersByTime(1000);
    progress.update(3, 100);
    expect(lines).toEqual(['run: 0/100 games (0%), 0.0 games/s, ETA not known before a game ends\n', 'run: 3/100 games (3%), 0.3 games/s, ETA 323s\n']);
  });
});

describe('terminal progress (stderr a terminal)', () => {
  const written = capturedStderr(true);

  it('draws a bar with the games, the rate and the time left, timed from the first update', () => {
    const progress = createProgress('sim');
    vi.advanceTimersByTime(8000);
    progress.update(0, 100);
    vi.advanceTimersByTime(5000);
    progress.update(50, 100);
    const drawn = written.length;
    progress.update(50, 200);
    progress.stop();
    const text = written.join('');
    expect(written.slice(drawn).join('')).toContain('50/200 games');
    expect(written.at(-1)).toBe('\n');
    expect(text).toContain('sim [');
    expect(text).toContain('0/100 games | 0.0 games/s | ETA not known before a game ends');
    expect(text).toContain('50% | 50/100 games | 10 games/s | ETA 5s');
  });
});
