import { SingleBar } from 'cli-progress';

/**
 * Progress on stderr: a bar with games/s and ETA on a terminal, a plain line every few seconds otherwise. Its clock
 * starts at the first update, which the runner sends as play starts.
 */
export interface Progress {
  update(gamesDone: number, gamesPlanned: number): void;
  stop(): void;
}

const PLAIN_INTERVAL_SECONDS = 5;

/** "12,345 games/s"; a slow run, under 10 games a second, with one decimal ("0.3 games/s", not "0 games/s"). */
function formatRate(gamesPerSecond: number): string {
  const digits = gamesPerSecond < 10 ? 1 : 0;
  return `${gamesPerSecond.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} games/s`;
}

/** The time left at the rate so far; not guessed before a game has ended. */
function formatEta(gamesDone: number, gamesPlanned: number, gamesPerSecond: number): string {
  return gamesPerSecond === 0 ? 'not known before a game ends' : `${Math.round((gamesPlanned - gamesDone) / gamesPerSecond)}s`;
}

/** Seconds since the first time it was asked. */
function playClock(): () => number {
  let started = -1;
  return () => {
    const now = Date.now();
    if (started < 0) started = now;
    return (now - started) / 1000;
  };
}

function terminalProgress(label: string): Progress {
  const secondsPlayed = playClock();
  const bar = new SingleBar({ stream: process.stderr, format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} | ETA {timeLeft}`, hideCursor: true });
  let begun = false;
  return {
    update(gamesDone, gamesPlanned) {
      const gamesPerSecond = gamesDone / Math.max(secondsPlayed(), 1e-3);
      const tokens = { rate: formatRate(gamesPerSecond), timeLeft: formatEta(gamesDone, gamesPlanned, gamesPerSecond) };
      if (!begun) bar.start(gamesPlanned, 0, tokens);
      begun = true;
      bar.setTotal(gamesPlanned);
      bar.update(gamesDone, tokens);
    },
    stop: () => bar.stop(),
  };
}

function plainProgress(label: string): Progress {
  const secondsPlayed = playClock();
  let lastPrinted = 0;
  return {
    update(gamesDone, gamesPlanned) {
      const seconds = secondsPlayed();
      if (seconds - lastPrinted < PLAIN_INTERVAL_SECONDS) return;
      lastPrinted = seconds;
      const gamesPerSecond = gamesDone / seconds;
      const percent = Math.floor((100 * gamesDone) / gamesPlanned);
      process.stderr.write(`${label}: ${gamesDone}/${gamesPlanned} games (${percent}%), ${formatRate(gamesPerSecond)}, ETA ${formatEta(gamesDone, gamesPlanned, gamesPerSecond)}\n`);
    },
    stop() {},
  };
}

export function createProgress(label: string): Progress {
  return process.stderr.isTTY ? terminalProgress(label) : plainProgress(label);
}
