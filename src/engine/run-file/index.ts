/** Runs as files: the versioned run file (export, import, migrations), transcript export, fork, compare and the run tree. */
export * from './event-schema';
export * from './format';
export * from './fork';
export * from './transcript-export';
export * from './compare';
export * from './tree';
