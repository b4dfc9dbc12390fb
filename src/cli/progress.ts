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

function terminalProgress(label: string): Progress {
  const started = Date.now();
  const bar = new SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {percentage}% | {value}/{total} games | {rate} | ETA {eta_formatted}`, hideCursor: true, etaBuffer: 50 },
  );
  let begun = false;
  return {
    update(gamesDone, gamesPlanned) {
      const rate = formatRate(gamesDone / Math.max((Date.now() - started) / 1000, 1e-3));
      if (!begun) bar.start(gamesPlanned, 0, { rate });
      begun = true;
      bar.setTotal(gamesPlanned);
      bar.update(gamesDone, { rate });
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
      const seconds = (now - started) / 1000;
      const rate = gamesDone / seconds;
      const eta = rate > 0 ? `${Math.round((gamesPlanned - gamesDone) / rate)}s` : 'not known before a game ends';
      const percent = Math.floor((100 * gamesDone) / gamesPlanned);
      process.stderr.write(`${label}: ${gamesDone}/${gamesPlanned} games (${percent}%), ${formatRate(rate)}, ETA ${eta}\n`);
    },
    stop() {},
  };
}

export function createProgress(label: string): Progress {
  return process.stderr.isTTY ? terminalProgress(label) : plainProgress(label);
}
