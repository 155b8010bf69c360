/** Who drives the loop: the learner (manual) or the advisor chain. Both take the same debugger commands. */
export const LOOP_CONTROLS = ['manual', 'advisor'] as const;
export type LoopControl = (typeof LOOP_CONTROLS)[number];
