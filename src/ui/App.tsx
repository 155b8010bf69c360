/** The one page: header, Tools | Loop | Inspector. */
import { useEffect } from 'react';
import { selectReady } from '../store/selectors';
import { HeaderBar } from './header-bar';
import { Inspector } from './inspector/inspector';
import { StatusBar } from './keyboard/status-bar';
import { LoopPanel } from './loop/loop-panel';
import { ModelBand } from './model-band';
import { usePlayground, usePlaygroundApi } from './playground-context';
import { ToolsPanel } from './tools/tools-panel';

export function App() {
  const { actions } = usePlaygroundApi();
  const ready = usePlayground(selectReady);
  useEffect(() => {
    void actions.init();
  }, [actions]);
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
