import type { Catalog } from '../../catalog';

export const stops: Catalog['stops'] = {
  intro:
    '런타임은 원본(raw) 종료 이유를 보고하고, 하네스는 텍스트를 파싱한 뒤 자기 판정(derived)을 내립니다. 작은 모델이 <tool_call> 블록을 쓰면 stop으로 끝나지만 판정은 tool_calls입니다. 루프가 묻는 것은 “모델이 도구를 요청했는가?” 하나뿐입니다.',
  openaiToAnthropic: 'OpenAI finish_reason → Anthropic stop_reason',
  anthropicAndLoop: 'Anthropic stop_reason과 루프의 동작',
  colFinish: 'OpenAI finish_reason',
  colStop: 'Anthropic stop_reason',
  colClosest: '가장 가까운 finish_reason',
  colAction: '루프가 하는 일',
  noCounterpart: '— (web-llm의 abort: 대응 값 없음)',
  loopAction: {
    end_turn: '최종 답변: 루프가 끝남',
    tool_use: '도구를 실행하고 결과를 보낸 뒤 다시 호출',
    max_tokens: '잘림: 멈추거나 이어서 쓰라고 요청',
    stop_sequence: '정지 시퀀스 발생: 최종 답변',
    refusal: '거절: 멈춤, 이 턴의 도구는 절대 실행하지 않음',
    pause_turn: '서버 도구 일시 정지: 턴을 그대로 다시 보냄',
    model_context_window_exceeded: '컨텍스트 창이 가득 참: 잘린 것으로 처리',
  },
  badgeTitle: 'OpenAI finish_reason / Anthropic stop_reason',
  finish: '종료(finish):',
  derived: '(판정)',
  anomaliesOfTurn: '{{round}}번째 턴의 이상 징후',
  turn: '턴',
  noAnomalies: '이상 없음: 파서가 이 턴을 아무것도 봐주지 않고 읽었습니다.',
  anomalies: '이상 징후',
  parserNotesOfTurn: '{{round}}번째 턴의 파서 메모',
  forgiven: '봐줌',
  flagged: '표시함',
  excerpt: '이 메모가 가리키는 텍스트',
};
