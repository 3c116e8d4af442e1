import type { BuildOptions } from 'esbuild';

/** The esbuild options every build of the sources for plain node shares. */
export declare const NODE_BUILD_OPTIONS: Readonly<Pick<BuildOptions, 'bundle' | 'platform' | 'format' | 'target' | 'packages' | 'logLevel'>>;
