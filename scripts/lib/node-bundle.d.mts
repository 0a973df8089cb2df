import type { BuildOptions } from 'esbuild';

export declare const NODE_BUNDLE: BuildOptions;
export declare function serverEntries(): string[];
