/**
 * The runs of a workspace as a tree: a fork hangs under the run it branched from. A run whose parent is gone
 * (deleted, or not imported) is a root; a parent cycle (only possible in an edited file) is broken, not followed.
 */
export interface TreeInput {
  readonly runId: string;
  readonly parent?: { readonly runId: string };
}

export interface RunTreeNode<T extends TreeInput> {
  readonly run: T;
  readonly depth: number;
  readonly children: readonly RunTreeNode<T>[];
}

/** Roots and children keep the input order (newest first, as the run list sorts them). */
export function buildRunTree<T extends TreeInput>(runs: readonly T[]): RunTreeNode<T>[] {
  const byId = new Map(runs.map((r) => [r.runId, r]));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const run of runs) {
    const parentId = run.parent?.runId;
    if (parentId !== undefined && parentId !== run.runId && byId.has(parentId) && !reachesItself(run, byId)) {
      children.set(parentId, [...(children.get(parentId) ?? []), run]);
    } else {
      roots.push(run);
    }
  }
  const build = (run: T, depth: number): RunTreeNode<T> => ({
    run,
    depth,
    children: (children.get(run.runId) ?? []).map((c) => build(c, depth + 1)),
  });
  return roots.map((r) => build(r, 0));
}

/** Depth-first, parents before children: the order the tree is listed in. */
export function flattenTree<T extends TreeInput>(nodes: readonly RunTreeNode<T>[]): RunTreeNode<T>[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

function reachesItself(run: TreeInput, byId: ReadonlyMap<string, TreeInput>): boolean {
  const seen = new Set<string>([run.runId]);
  let current = run.parent?.runId;
  while (current !== undefined) {
    if (seen.has(current)) return true;
    seen.add(current);
    current = byId.get(current)?.parent?.runId;
  }
  return false;
}
