export declare const PREFETCHED_INPUT: unique symbol;
export declare const LEAST_PREFETCHED_BYTES: number;
export declare const MOST_PREFETCHED_BYTES: number;
export declare function prefetchInput(
  args: readonly string[],
): { file: string; size: number; bytes: Promise<Uint8Array | null> } | null;
