/** User tools: the studio's pure core (spec, form → zod → JSON Schema, MCP import, file format, spec → Tool). */
export * from './spec';
export * from './param-form';
export * from './json-schema-check';
export * from './executor';
export * from './to-tool';
export * from './mcp-import';
export * from './file-format';
export * from './preset-copy';
export * from './problems';
export * from './notices';
