/**
 * An error boundary around each panel of the page: a panel that throws while rendering shows what failed, with
 * "Reload this panel" (renders it again from the store) and "Export diagnostics" (a JSON file for a bug report),
 * while the other panels go on working. Never a blank page.
 */
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { useT } from '../i18n';
import { downloadText } from './download';

export type PanelName = 'header' | 'model' | 'tools' | 'loop' | 'inspector';

interface Props {
  readonly panel: PanelName;
  readonly children: ReactNode;
}

interface Caught {
  readonly error: unknown;
  readonly componentStack: string | null;
  readonly at: number;
}

interface State {
  readonly caught: Caught | null;
}

export class PanelBoundary extends Component<Props, State> {
  override state: State = { caught: null };

  static getDerivedStateFromError(error: unknown): State {
    return { caught: { error, componentStack: null, at: Date.now() } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ caught: { error, componentStack: info.componentStack ?? null, at: Date.now() } });
  }

  override render(): ReactNode {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    return <PanelFailure panel={this.props.panel} caught={caught} onReload={() => this.setState({ caught: null })} />;
  }
}

function PanelFailure({
  panel,
  caught,
  onReload,
}: {
  readonly panel: PanelName;
  readonly caught: Caught;
  readonly onReload: () => void;
}) {
  const { t } = useT('storage');
  const message = messageOf(caught.error);
  return (
    <section className="panel panel-failed" role="alert" data-testid={`panel-failed-${panel}`}>
      <p className="notice notice-error">
        <span>{t('boundary.failed', { panel: t(`boundary.panels.${panel}`), message })}</span>
      </p>
      <p className="muted small">{t('boundary.hint')}</p>
      <div className="runs-row">
        <button type="button" className="button" onClick={onReload}>
          {t('boundary.reload')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          onClick={() =>
            downloadText(
              `diagnostics-${panel}-${new Date(caught.at).toISOString().replace(/[:.]/g, '-')}.json`,
              diagnostics(panel, caught),
            )
          }
        >
          {t('boundary.export')}
        </button>
      </div>
    </section>
  );
}

/** The error as one line, however hostile the thrown value (an object whose `toString` throws…). */
function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`;
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}

/** What a bug report needs: the panel, the error and its stacks, the page and the browser. No run data. */
function diagnostics(panel: PanelName, caught: Caught): string {
  const error = caught.error;
  return JSON.stringify(
    {
      format: 'tool-loop-playground/diagnostics',
      version: 1,
      panel,
      at: new Date(caught.at).toISOString(),
      error: {
        message: messageOf(error),
        stack: error instanceof Error ? (error.stack ?? null) : null,
      },
      componentStack: caught.componentStack,
      page: location.href,
      userAgent: navigator.userAgent,
    },
    null,
    2,
  );
}
