import { SingleBar } from 'cli-progress';

/** Progress on stderr: a bar with games/s and ETA on a terminal, a plain line every few seconds otherwise. */
export interface Progress {
  update(gamesDone: number, gamesPlanned: number): void;
  stop(): void;
}

const PLAIN_INTERVAL_MS = 5000;

/** "12,345 games/s"; a slow run, under 10 games a second, with one decimal ("0.3 games/s", not "0 games/s"). */
function formatRate(gamesPerSecond: number): string {
  const digits = gamesPerSecond < 10 ? 1 : 0;
  return `${gamesPerSecond.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} games/s`;
}

/** The time left at the rate so far; not guessed before a game has ended. */
function formatEta(gamesDone: number, gamesPlanned: number, gamesPerSecond: number): string {
  return gamesDone === 0 || gamesPerSecond === 0 ? 'not known before a game ends' : `${Math.round((gamesPlanned - gamesDone) / gamesPerSecond)}s`;
}

function terminalProgress(label: string): Progress {
  const started = Date.now();
  const bar = new SingleBar({ stream: process.stderr, format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} | ETA {timeLeft}`, hideCursor: true });
  let begun = false;
  return {
    update(gamesDone, gamesPlanned) {
      const gamesPerSecond = gamesDone / Math.max((Date.now() - started) / 1000, 1e-3);
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
  const started = Date.now();
  let lastPrinted = started;
  return {
    update(gamesDone, gamesPlanned) {
      const now = Date.now();
      if (now - lastPrinted < PLAIN_INTERVAL_MS) return;
      lastPrinted = now;
      const gamesPerSecond = gamesDone / ((now - started) / 1000);
      const percent = Math.floor((100 * gamesDone) / gamesPlanned);
      process.stderr.write(`${label}: ${gamesDone}/${gamesPlanned} games (${percent}%), ${formatRate(gamesPerSecond)}, ETA ${formatEta(gamesDone, gamesPlanned, gamesPerSecond)}\n`);
    },
    stop() {},
  };
}

export function createProgress(label: string): Progress {
  return process.stderr.isTTY ? terminalProgress(label) : plainProgress(label);
}
