/** The sentence for why a stored run was set aside (run-check.ts's `RunDamage`), in the page's language. */
import type { TFunction } from 'i18next';
import { assertNever } from '../../engine';
import type { RunDamage } from '../../store/damaged-runs';

export function damageText(t: TFunction<'storage'>, damage: RunDamage): string {
  switch (damage.kind) {
    case 'header':
      return t('reason.header', { detail: damage.detail });
    case 'orphan-events':
      return t('reason.orphanEvents', { count: damage.count });
    case 'no-events':
      return t('reason.noEvents');
    case 'gap':
      return t('reason.gap', { event: damage.event });
    case 'event':
      return t('reason.event', { detail: damage.detail });
    case 'not-started':
      return t('reason.notStarted');
    case 'second-start':
      return t('reason.secondStart', { event: damage.event });
    case 'other-run':
      return t('reason.otherRun', { logRunId: damage.logRunId });
    case 'unanswered':
      return t('reason.unanswered', { event: damage.event, round: damage.round });
    case 'stray-results':
      return t('reason.strayResults', { event: damage.event });
    case 'replay':
      return damage.event === null
        ? t('reason.replay', { detail: damage.detail })
        : t('reason.replayAt', { event: damage.event, detail: damage.detail });
    case 'unreadable':
      return t('reason.unreadable', { detail: damage.detail });
    default:
      return assertNever(damage);
  }
}
