/** Both stop-reason vocabularies, the mapping, and what the loop does on each. */
import {
  ANTHROPIC_LOOP_ACTION,
  ANTHROPIC_STOP_REASONS,
  OPENAI_FINISH_REASONS,
  toAnthropicStopReason,
  toOpenAIFinishReason,
} from '../../engine/stop-reasons';
import { TurnAnomalies } from './turn-anomalies';

export function StopReasonsView() {
  return (
    <div>
      <TurnAnomalies />
      <p className="small">
        The runtime reports a <em>raw</em> reason; the harness <em>derives</em> its own after parsing the text. A small
        model that wrote a <code>&lt;tool_call&gt;</code> block stops with <code>stop</code>, but the derived reason is{' '}
        <code>tool_calls</code>: the loop only asks “did the model ask for tools?”.
      </p>
      <table className="table" aria-label="OpenAI finish_reason to Anthropic stop_reason">
        <thead>
          <tr>
            <th scope="col">OpenAI finish_reason</th>
            <th scope="col">Anthropic stop_reason</th>
          </tr>
        </thead>
        <tbody>
          {OPENAI_FINISH_REASONS.map((r) => (
            <tr key={r}>
              <td>
                <code>{r}</code>
              </td>
              <td>
                <code>{toAnthropicStopReason(r) ?? '— (web-llm’s abort: no counterpart)'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" aria-label="Anthropic stop_reason and the loop">
        <thead>
          <tr>
            <th scope="col">Anthropic stop_reason</th>
            <th scope="col">closest finish_reason</th>
            <th scope="col">what the loop does</th>
          </tr>
        </thead>
        <tbody>
          {ANTHROPIC_STOP_REASONS.map((r) => (
            <tr key={r}>
              <td>
                <code>{r}</code>
              </td>
              <td>
                <code>{toOpenAIFinishReason(r) ?? '—'}</code>
              </td>
              <td className="small">{ANTHROPIC_LOOP_ACTION[r]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
