import type { Catalog } from '../../catalog';

export const charts: Catalog['charts'] = {
  exportGroup: '{{what}} 내보내기',
  exportSvg: 'SVG로 내보내기',
  exportPng: 'PNG로 내보내기',
  exportSvgOf: '{{what}}을(를) SVG로 내보내기',
  exportPngOf: '{{what}}을(를) PNG로 내보내기',
  saved: '{{fileName}} 파일을 다운로드 폴더에 저장했습니다.',
  exportFailed: '내보내지 못했습니다: {{error}}.',
};
