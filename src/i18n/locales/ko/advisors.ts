import type { Catalog } from '../../catalog';

export const advisors: Catalog['advisors'] = {
  lanes: {
    outside: {
      title: '루프 바깥',
      caption: '요청마다 한 번 실행: order가 루프 advisor보다 낮아 루프가 반복하지 않습니다.',
    },
    loop: {
      title: '루프 advisor',
      caption:
        '모델을 호출하고 도구를 실행하기를 라운드마다 반복: 라운드마다 뒤에 있는 advisor를 모두 다시 실행합니다.',
    },
    inside: {
      title: '루프 안쪽',
      caption: '라운드마다 한 번 실행: order가 루프 advisor보다 높아 모든 도구 라운드가 이곳을 거칩니다.',
    },
  },
  history: {
    label: '내부 대화 기록(internal conversation history):',
    manual: '사용 안 함 — 수동 루프는 실행 자체의 메시지를 보냅니다(advisor 체인 없음)',
    noLoop: '루프 없음',
    off: '꺼짐(메모리 advisor가 루프 안쪽에 있음)',
    on: '켜짐',
  },
  ties: {
    warning:
      '{{names}}의 order가 {{order}}(으)로 같습니다: 같은 order는 추가된 순서대로({{first}} 먼저) 실행되며, 화면에는 드러나지 않습니다. 각각 다른 order를 주세요.',
  },
  sequence: {
    empty: '실행이 시작되면 시퀀스 다이어그램이 나타납니다.',
    title: '시퀀스 다이어그램',
    what: '시퀀스 다이어그램',
    fullScreen: '전체 화면',
    close: '닫기',
    showMermaid: 'Mermaid 보기',
    hideMermaid: 'Mermaid 숨기기',
    exportMermaid: 'Mermaid 내보내기',
    mermaidLabel: '시퀀스 다이어그램의 Mermaid 텍스트',
    scrollLabel: '시퀀스 다이어그램(스크롤 가능)',
    label_one: '시퀀스 다이어그램: {{participants}} 사이의 메시지 {{count}}개',
    label_other: '시퀀스 다이어그램: {{participants}} 사이의 메시지 {{count}}개',
  },
};
