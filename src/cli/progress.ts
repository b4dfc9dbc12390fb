import { SingleBar } from 'cli-progress';

/** Progress on stderr: a bar with games/s and ETA on a terminal, a plain line every few seconds otherwise. */
export interface Progress {
  update(gamesDone: number, gamesPlanned: number): void;
  stop(): void;
}

const PLAIN_INTERVAL_MS = 5000;

function formatRate(gamesPerSecond: number): string {
  return `${Math.round(gamesPerSecond).toLocaleString('en-US')} games/s`;
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
      const eta = rate > 0 ? Math.round((gamesPlanned - gamesDone) / rate) : 0;
      const percent = Math.floor((100 * gamesDone) / gamesPlanned);
      process.stderr.write(`${label}: ${gamesDone}/${gamesPlanned} games (${percent}%), ${formatRate(rate)}, ETA ${eta}s\n`);
    },
    stop() {},
  };
}

export function createProgress(label: string): Progress {
  return process.stderr.isTTY ? terminalProgress(label) : plainProgress(label);
}
