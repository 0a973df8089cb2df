import { SingleBar } from 'cli-progress';

/** What the run shows while it goes: bytes read, then each phase of the engine. */
export interface RunProgress {
  bytes(read: number, total: number | undefined): void;
  phase(name: string, rows: number): void;
  /** How far a phase is within itself: `done` of `total` of its own units. */
  step(name: string, done: number, total: number): void;
  /**
   * A streaming run: `done` bytes of the file (of `total`, when known) and `rows` rows written,
   * since `started` (performance.now()).
   */
  streamed(done: number, total: number | undefined, rows: number, started: number): void;
  stop(): void;
}

const SILENT: RunProgress = { bytes() {}, phase() {}, step() {}, streamed() {}, stop() {} };

/**
 * A progress bar on stderr (rows, MB/s, elapsed, ETA), or nothing when stderr is not a terminal
 * or `--quiet` is given. The bar fills as the file is read, with an ETA from the read rate; then
 * each phase of the engine names itself with the row count, and pseudonymize's own phases
 * (scan, generate, rows, text) fill the bar again with an ETA for the phase from its own rate.
 */
export function runProgress(enabled: boolean): RunProgress {
  if (!enabled) return SILENT;
  const started = performance.now();
  let bytesIn = 0;
  let totalBytes = 0;
  const bar = new SingleBar({
    format: '{phase} |{bar}| {rows} rows | {mbps} MB/s | {elapsed} elapsed | ETA {remaining}',
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
    barsize: 24,
  });
  const seconds = () => (performance.now() - started) / 1000;
  let rowCount = 0;
  let stepName = '';
  let stepStarted = 0;
  /** `bytesPerSecond`: the phase's own rate; by default, the bytes read over the whole time. */
  const payload = (
    phase: string,
    rows: number | string,
    eta: string,
    bytesPerSecond = bytesIn / Math.max(seconds(), 1e-3),
  ) => ({
    phase: phase.padEnd(22),
    rows: typeof rows === 'number' ? rows.toLocaleString('en-US') : rows,
    mbps: (bytesPerSecond / 1024 ** 2).toFixed(1),
    elapsed: clock(seconds()),
    remaining: eta,
  });
  bar.start(1, 0, payload('reading', '…', '…'));
  return {
    bytes(read, total) {
      bytesIn = read;
      totalBytes = total ?? read;
      const rate = read / Math.max(seconds(), 1e-3);
      const eta = total === undefined ? '…' : clock((total - read) / Math.max(rate, 1));
      bar.setTotal(Math.max(totalBytes, 1));
      bar.update(read, payload('reading', '…', eta));
      bar.render();
    },
    phase(name, rows) {
      rowCount = rows;
      bar.setTotal(Math.max(totalBytes, 1));
      bar.update(Math.max(totalBytes, 1), payload(name, rows, '…'));
      bar.render();
    },
    step(name, done, total) {
      if (name !== stepName) {
        stepName = name;
        stepStarted = seconds();
      }
      const spent = seconds() - stepStarted;
      const eta = done > 0 && done < total ? clock((spent * (total - done)) / done) : '…';
      bar.setTotal(Math.max(total, 1));
      bar.update(done, payload(`pseudonymize: ${name}`, rowCount, eta));
      bar.render();
    },
    streamed(done, total, rows, since) {
      bytesIn = done;
      const rate = done / Math.max((performance.now() - since) / 1000, 1e-3);
      const eta = total === undefined ? '…' : clock((total - done) / Math.max(rate, 1));
      bar.setTotal(Math.max(total ?? done, 1));
      // The rate of the streaming pass itself: a file's first pass came before it.
      bar.update(done, payload('streaming', rows, eta, rate));
      bar.render();
    },
    stop() {
      bar.stop();
    },
  };
}

function clock(totalSeconds: number): string {
  const whole = Math.round(totalSeconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
