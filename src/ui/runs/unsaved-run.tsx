/**
 * The open run is not saved in this browser (a write of its events failed, e.g. storage is full): it says so
 * beside the debugger controls until the write that stores those events succeeds, and offers to export it now.
 */
import { useT } from '../../i18n';
import { selectRunId, selectUnsaved } from '../../store/selectors';
import { downloadText } from '../download';
import { usePlayground, usePlaygroundApi } from '../playground-context';
import './unsaved-run.css';

export function UnsavedRun() {
  const { t } = useT('storage');
  const { runFiles } = usePlaygroundApi();
  const unsaved = usePlayground(selectUnsaved);
  const runId = usePlayground(selectRunId);
  if (unsaved === null || runId === null) return null;
  const exportNow = async () => {
    const result = await runFiles.exportRun(runId, false);
    if (result.ok) downloadText(result.value.fileName, result.value.text);
  };
  return (
    <div className="notice notice-error run-unsaved" role="alert" data-testid="run-unsaved">
      <span>{t('unsaved.text', { detail: unsaved })}</span>
      <button type="button" className="button" onClick={() => void exportNow()}>
        {t('unsaved.export')}
      </button>
    </div>
  );
}
