/** Types of build.mjs (plain JavaScript so it runs under Node before any install). */
export declare const NODE_LLAMA_CPP_VERSION: string;
export declare const BUILD_COMMAND: string;
export declare function cacheRoot(): string;
export declare function llamaServerPath(): string;
export declare function llamaTemplatesDir(): string;
export declare function llamaServerReady(path?: string): boolean;
export declare function ensureLlamaServer(log?: (line: string) => void): string;
export declare function removeAbandonedBuilds(): void;
