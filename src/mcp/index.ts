/**
 * The MCP layer: live connections to MCP servers over Streamable HTTP (the official SDK's client, loaded lazily),
 * the JSON-RPC log of each session, a server's tools checked and made engine tools, and a `tools/call` result
 * turned into the tool message the model receives. It imports only the engine; the store wires it in.
 */
export { callEndToResult } from './call-result';
export type { McpBlock, McpCallRecord, McpCallEnding, McpProgressNote } from './content';
export { callRecordOf, MAX_RESULT_CHARS } from './content';
export type { JsonRpcLogEntry, JsonRpcKind, JsonRpcDirection } from './json-rpc-log';
export type { McpProblem, McpProblemKind } from './problems';
export { corsHeadersFor, problemForModel, problemSummary } from './problems';
export type { CallEnd, McpSession, ServerIdentity, SessionEvents } from './session';
export { connectMcp } from './session';
export type { ApprovalReason, McpAnnotations, McpToolInfo, RefusedTool, ToolListing } from './tools';
export { toEngineTool } from './tools';
