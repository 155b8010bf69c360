/**
 * The advisors' names in the page's language. The engine names each advisor in English (`advisorNames`): that
 * name is data — it is recorded in the run's log, matched against the activity and drawn in the sequence
 * diagram — so the view keeps it for matching and shows this label instead.
 */
import { useMemo } from 'react';
import type { AdvisorConfig, AdvisorKind } from '../../engine';
import { advisorNames } from '../../engine';
import { useT } from '../../i18n';

export interface AdvisorLabels {
  /** The label of a spec, by its id. */
  readonly byId: ReadonlyMap<string, string>;
  /** The label for an engine name ("Logger 2"), or the name itself when no spec has it. */
  ofName(name: string): string;
}

export function useAdvisorLabels(config: AdvisorConfig): AdvisorLabels {
  const { t } = useT('advisors');
  return useMemo(() => {
    const seen = new Map<AdvisorKind, number>();
    const byId = new Map<string, string>();
    const byName = new Map<string, string>();
    const names = advisorNames(config);
    for (const spec of config.advisors) {
      const n = (seen.get(spec.kind) ?? 0) + 1;
      seen.set(spec.kind, n);
      const name = t(`names.${spec.kind}`);
      const label = n === 1 ? name : t('names.numbered', { name, n });
      byId.set(spec.id, label);
      byName.set(names.get(spec.id)!, label);
    }
    return { byId, ofName: (name: string) => byName.get(name) ?? name };
  }, [config, t]);
}
