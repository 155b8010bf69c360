/** The one page: header, Tools | Loop | Inspector. */
import { useEffect } from 'react';
import { actions, useAppStore } from '../store/app-store';
import { HeaderBar } from './header-bar';
import { Inspector } from './inspector/inspector';
import { StatusBar } from './keyboard/status-bar';
import { LoopPanel } from './loop/loop-panel';
import { ModelBand } from './model-band';
import { ToolsPanel } from './tools/tools-panel';

export function App() {
  const ready = useAppStore((s) => s.ready);
  useEffect(() => {
    void actions.init();
  }, []);
  return (
    <div className="app" data-ready={ready ? 'true' : 'false'}>
      <HeaderBar />
      <ModelBand />
      <main className="app-columns">
        <ToolsPanel />
        <LoopPanel />
        <Inspector />
      </main>
      <StatusBar />
    </div>
  );
}
