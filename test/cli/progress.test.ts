import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../../src/cli/progress.ts';

describe('plain progress (stderr not a terminal)', () => {
  let lines: string[];
  const isTTY = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');

  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((text) => (lines.push(String(text)), true));
    Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    if (isTTY === undefined) delete (process.stderr as { isTTY?: boolean }).isTTY;
    else Object.defineProperty(process.stderr, 'isTTY', isTTY);
  });

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
});
