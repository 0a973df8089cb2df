/** Display formatting shared by the cards, tiles and bar. */

const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** '1 warning', '2 warnings': a count with its noun. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`;
}

/** File size in MB as the summary card shows it ('2.4 MB'); tiny files keep two decimals. */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes > 0 && megabytes < 0.01) return '< 0.01 MB';
  return `${megabytes < 10 ? megabytes.toFixed(2) : megabytes.toFixed(1)} MB`;
}

/** A measured duration: '84 ms', '2.3 s', '1 min 12 s'. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.max(0, Math.round(milliseconds))} ms`;
  const seconds = milliseconds / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/**
 * A share (0..1) as a percentage to one decimal, as the report's advice writes it ('62.5%',
 * '30%'); never rounds to '100%' or '0%' unless it is all or nothing.
 */
export function formatPercent(share: number): string {
  if (share >= 1) return '100%';
  if (share <= 0) return '0%';
  const tenths = Math.round(share * 1000) / 10;
  if (tenths === 0) return '< 0.1%';
  return `${Math.min(99.9, tenths)}%`;
}
