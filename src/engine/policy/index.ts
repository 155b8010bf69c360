/** The policy lesson: a virtual workspace, its policy, the one execution service and the tools over it. */
export type { Denial, DenialRule, Operation, Policy } from './policy';
export { checkAccess, DEFAULT_POLICY, isSecret, truncate } from './policy';
export type { ServiceCall, ServiceResult } from './execution-service';
export { ExecutionService, toModelResult } from './execution-service';
export type { VirtualFile } from './virtual-fs';
export { normalizePath, SEED_FILES, VirtualFs } from './virtual-fs';
export { createWorkspaceTools, WORKSPACE_TOOL_NAMES } from './workspace-tools';
