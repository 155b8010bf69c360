/** A fault in the page's words: "time out (2,000 ms)", "huge payload (100,000)". */
import type { Fault } from '../../engine';
import { useFormat, useT } from '../../i18n';

export function FaultLabel({ fault }: { fault: Fault }) {
  const { t } = useT('lab');
  const format = useFormat();
  const name = t(`faultKinds.${fault.kind}`);
  switch (fault.kind) {
    case 'timeout':
      return <>{`${name} (${format.duration(fault.afterMs)})`}</>;
    case 'latency':
      return <>{`${name} (+${format.duration(fault.ms)})`}</>;
    case 'huge':
      return <>{`${name} (${format.number(fault.bytes)})`}</>;
    default:
      return <>{name}</>;
  }
}
