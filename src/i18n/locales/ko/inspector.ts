import type { Catalog } from '../../catalog';

export const inspector: Catalog['inspector'] = {
  label: '인스펙터',
  tabsLabel: '인스펙터 보기',
  tab: {
    turns: '턴',
    request: '요청 (Request)',
    prompt: '프롬프트',
    stops: '종료 이유',
    metrics: '지표',
    advisors: '어드바이저',
    'tool-search': '도구 검색',
    mcp: 'MCP',
    runs: '실행 기록',
    code: '코드',
  },
  loading: '이 보기를 불러오는 중입니다…',
};
