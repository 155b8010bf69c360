/** The one page: header, Tools | Loop | Inspector. */
import { useEffect } from 'react';
import { selectReady } from '../store/selectors';
import { AppSkeleton } from './app-skeleton';
import type { FirstPaintIntro } from './first-minute/first-paint';
import { FirstMinute } from './first-minute/first-minute';
import { HeaderBar } from './header-bar';
import { SkipLink } from './keyboard/skip-link';
import { Inspector } from './inspector/inspector';
import { StatusBar } from './keyboard/status-bar';
import { LoopPanel } from './loop/loop-panel';
import { ModelBand } from './model-band';
import { PanelBoundary } from './error-boundary';
import { StorageBanner } from './runs/storage-banner';
import { usePlayground, usePlaygroundApi } from './playground-context';
import { usePresenter } from './presenter/presenter-mode';
import './presenter/presenter.css';
import { ToolsPanel } from './tools/tools-panel';

export interface AppProps {
  /** What the skeleton drew of the first minute (first-paint.ts); the app draws it too until it is ready. */
  readonly intro?: FirstPaintIntro;
}

export function App({ intro }: AppProps) {
  const { actions } = usePlaygroundApi();
  const ready = usePlayground(selectReady);
  const presenting = usePresenter();
  useEffect(() => {
    void actions.init();
  }, [actions]);
  // Until the stored workspace and runs are read, the skeleton stays: the app is drawn once, as it will be used,
  // instead of a default workspace first and the restored one a moment later.
  if (!ready) return <AppSkeleton {...(intro ? { intro } : {})} />;
  return (
    <div className="app" data-ready={ready ? 'true' : 'false'} data-presenter={presenting ? 'true' : undefined}>
      <SkipLink />
      <PanelBoundary panel="header">
        <HeaderBar />
      </PanelBoundary>
      <FirstMinute />
      <PanelBoundary panel="model">
        <ModelBand />
      </PanelBoundary>
      <StorageBanner />
      <main className="app-columns">
        <PanelBoundary panel="tools">
          <ToolsPanel />
        </PanelBoundary>
        <PanelBoundary panel="loop">
          <LoopPanel />
        </PanelBoundary>
        <PanelBoundary panel="inspector">
          <Inspector />
        </PanelBoundary>
      </main>
      <StatusBar />
    </div>
  );
}
