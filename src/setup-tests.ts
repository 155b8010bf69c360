// Unit tests run in Node by default; files that need a DOM opt in with `// @vitest-environment jsdom`.
// IndexedDB is provided by fake-indexeddb so storage code runs against a real IDB implementation.
import 'fake-indexeddb/auto';
