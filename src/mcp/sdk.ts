/**
 * The parts of the official MCP TypeScript SDK the session uses. This module is only ever imported dynamically
 * (`loadSdk` in session.ts), so the SDK and its dependencies are a chunk of their own, fetched the first time a
 * person connects to a server, never part of the page's initial bundle.
 */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
export {
  McpError,
  SUPPORTED_PROTOCOL_VERSIONS,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
