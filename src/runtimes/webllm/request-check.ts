/**
 * Whether a WebLLM model, in its prompt format, can honour a request's tools and tool choice. A tool choice is
 * never silently ignored: what cannot be honoured is refused with the real reason, before the call (the app
 * asks `checkRequest`) and again inside `generate`.
 */
import type { ModelRequest, Result, ToolChoice } from '../../engine';
import { err, ok } from '../../engine';
import { isNativeToolModel } from './catalog';
import type { FormatChoice } from './prompt-format';
import { FORMAT_NAMES, hasToolFormat } from './prompt-format';

export function toolChoiceLabel(choice: ToolChoice): string {
  return typeof choice === 'object' ? `"${choice.name}"` : `"${choice}"`;
}

/** The resolved facts the check needs besides the request. */
export interface CheckContext {
  readonly modelId: string;
  readonly format: FormatChoice;
  /** web-llm's own `tools` field is in use (the option is on and the model is one of the native-tools models). */
  readonly nativeTools: boolean;
}

export function checkToolSupport(request: ModelRequest, { modelId, format, nativeTools }: CheckContext): Result {
  const choice = request.toolChoice;
  if (choice === 'none') return ok();
  const named = typeof choice === 'object' ? choice.name : null;
  if (!hasToolFormat(format.id)) {
    // With "auto" the request goes out without tools; the trace says so and lists the tools sent (none).
    if (choice === 'auto') return ok();
    return err(
      `${modelId} has no tool format (prompt format: ${FORMAT_NAMES[format.id]}), so it would get no tools and tool choice ${toolChoiceLabel(choice)} cannot be honoured. If the model was trained on a tool format, choose it under "Prompt format" in the Model panel; otherwise set tool choice to auto or none.`,
    );
  }
  if (named !== null && !request.tools.some((t) => t.name === named))
    return err(
      `Tool choice names "${named}", which is not among the tools this request offers (${request.tools.map((t) => t.name).join(', ') || 'none'}). Tick it in the Tools panel, or pick another tool choice.`,
    );
  if (choice === 'required' && request.tools.length === 0)
    return err(
      'Tool choice "required", but this request offers no tools: tick at least one, or set tool choice to auto.',
    );
  if (nativeTools && isNativeToolModel(modelId)) {
    if (choice === 'required' || named !== null)
      return err(
        `web-llm's native tools field ignores tool choice ${toolChoiceLabel(choice)}: every reply is a JSON array of calls, which may be empty. Turn "Use web-llm native tools" off so the prompt-based ${FORMAT_NAMES[format.id]} format can honour it.`,
      );
    if (!request.parallelToolCalls)
      return err(
        'web-llm\'s native tools field cannot limit a reply to one call ("parallel calls" is off). Turn "Use web-llm native tools" off, or allow parallel calls.',
      );
  }
  return ok();
}
