// Types for scripts/build-server.mjs, plain JavaScript because `npm start` runs it before anything is compiled.
export declare const REPO_ROOT: string
export declare const SERVER_OUT: string
export declare const SERVER_ENTRY: string
/** Why dist-server/ must be built again, or null when it is current. */
export declare function serverBuildIsStale(): Promise<string | null>
/** Builds dist-server/: how long it took and how many sources it read. */
export declare function buildServer(): Promise<{ ms: number; inputs: number }>
